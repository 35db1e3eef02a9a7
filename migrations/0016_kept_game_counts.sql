-- Counts of the game lists kept in facet_counts by triggers, so a list's total, its filters' counts
-- and the factions' counts read one row per value instead of counting every row (docs/scaling.md §5).
-- Every count is of active rows (is_active = 1) whatever their faction's flag: a read that shows
-- only active factions subtracts or leaves out the inactive factions' own rows. Values are text;
-- a per-faction value is 'faction id:value'. Each table's triggers move the counts on INSERT, on
-- DELETE and on an UPDATE of any column that changes membership, so writes through the API, the
-- game-assets grid, history restores and straight SQL all keep them. A count may reach 0 and stay
-- as a row: reads leave out rows with n = 0.
-- Indexes let the public lists read in their order instead of sorting every row per page:
-- units by faction, tier, upgrade level, id; heroes by faction, name, id; spells by school,
-- level, name. (No index leads with spells.is_active: see migration 0013.)
CREATE INDEX IF NOT EXISTS `units_list_idx` ON `units` (`faction_id`,`tier`,`upgrade_level`);--> statement-breakpoint
-- It replaces units_faction_idx (faction, upgrade level, tier): every read of a faction's units
-- leads with the faction either way, and with both the planner could pick the one that sorts.
DROP INDEX IF EXISTS `units_faction_idx`;--> statement-breakpoint
-- A list filtered by one value reads it from the faction (or school) its page starts at, in order.
-- units_type_idx and spells_type_idx (the type alone) are replaced by their longer forms.
CREATE INDEX IF NOT EXISTS `units_tier_list_idx` ON `units` (`tier`,`faction_id`,`upgrade_level`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `units_type_list_idx` ON `units` (`unit_type`,`faction_id`,`tier`,`upgrade_level`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `units_level_list_idx` ON `units` (`upgrade_level`,`faction_id`,`tier`);--> statement-breakpoint
DROP INDEX IF EXISTS `units_type_idx`;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `spells_type_list_idx` ON `spells` (`type`,`school`,`level`,`name`);--> statement-breakpoint
DROP INDEX IF EXISTS `spells_type_idx`;--> statement-breakpoint
-- A spell's faction ids (every spell a list shows) read from its links in faction order, without
-- the table or a sort: faction_spells_spell_idx (spell_id) gains the faction id.
CREATE INDEX IF NOT EXISTS `faction_spells_spell_faction_idx` ON `faction_spells` (`spell_id`,`faction_id`);--> statement-breakpoint
DROP INDEX IF EXISTS `faction_spells_spell_idx`;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `heroes_list_idx` ON `heroes` (`faction_id`,`name`);--> statement-breakpoint
-- The hero list by class (compared case-insensitively), read from where its page starts.
CREATE INDEX IF NOT EXISTS `heroes_class_list_idx` ON `heroes` (`hero_class` COLLATE NOCASE,`faction_id`,`name`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `spells_list_idx` ON `spells` (`school`,`level`,`name`);--> statement-breakpoint
-- Active units: the whole total (`unit`), per faction, per tier, unit type and upgrade level, and per faction and each of those (`unit_faction_tier`: 'faction id:tier').
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit', '', count(*) FROM `units` WHERE is_active = 1;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_faction', units.faction_id, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.faction_id COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_tier', units.tier, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.tier COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_type', units.unit_type, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.unit_type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_level', units.upgrade_level, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.upgrade_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_faction_tier', units.faction_id || ':' || units.tier, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.faction_id || ':' || units.tier COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_faction_type', units.faction_id || ':' || units.unit_type, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.faction_id || ':' || units.unit_type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_faction_level', units.faction_id || ':' || units.upgrade_level, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.faction_id || ':' || units.upgrade_level COLLATE NOCASE;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_units_ai` AFTER INSERT ON `units` WHEN new.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('unit', '', +1),
		('unit_faction', new.faction_id, +1),
		('unit_tier', new.tier, +1),
		('unit_type', new.unit_type, +1),
		('unit_level', new.upgrade_level, +1),
		('unit_faction_tier', new.faction_id || ':' || new.tier, +1),
		('unit_faction_type', new.faction_id || ':' || new.unit_type, +1),
		('unit_faction_level', new.faction_id || ':' || new.upgrade_level, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_units_ad` AFTER DELETE ON `units` WHEN old.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('unit', '', -1),
		('unit_faction', old.faction_id, -1),
		('unit_tier', old.tier, -1),
		('unit_type', old.unit_type, -1),
		('unit_level', old.upgrade_level, -1),
		('unit_faction_tier', old.faction_id || ':' || old.tier, -1),
		('unit_faction_type', old.faction_id || ':' || old.unit_type, -1),
		('unit_faction_level', old.faction_id || ':' || old.upgrade_level, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_units_au_old` AFTER UPDATE OF `is_active`, `faction_id`, `tier`, `unit_type`, `upgrade_level` ON `units`
	WHEN old.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.faction_id IS NOT new.faction_id OR old.tier IS NOT new.tier OR old.unit_type IS NOT new.unit_type OR old.upgrade_level IS NOT new.upgrade_level) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('unit', '', -1),
		('unit_faction', old.faction_id, -1),
		('unit_tier', old.tier, -1),
		('unit_type', old.unit_type, -1),
		('unit_level', old.upgrade_level, -1),
		('unit_faction_tier', old.faction_id || ':' || old.tier, -1),
		('unit_faction_type', old.faction_id || ':' || old.unit_type, -1),
		('unit_faction_level', old.faction_id || ':' || old.upgrade_level, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_units_au_new` AFTER UPDATE OF `is_active`, `faction_id`, `tier`, `unit_type`, `upgrade_level` ON `units`
	WHEN new.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.faction_id IS NOT new.faction_id OR old.tier IS NOT new.tier OR old.unit_type IS NOT new.unit_type OR old.upgrade_level IS NOT new.upgrade_level) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('unit', '', +1),
		('unit_faction', new.faction_id, +1),
		('unit_tier', new.tier, +1),
		('unit_type', new.unit_type, +1),
		('unit_level', new.upgrade_level, +1),
		('unit_faction_tier', new.faction_id || ':' || new.tier, +1),
		('unit_faction_type', new.faction_id || ':' || new.unit_type, +1),
		('unit_faction_level', new.faction_id || ':' || new.upgrade_level, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
-- Active heroes: the whole total (`hero`), per faction, class, hero type and rarity, and per faction and each of those.
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero', '', count(*) FROM `heroes` WHERE is_active = 1;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_faction', heroes.faction_id, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.faction_id COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_class', heroes.hero_class, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.hero_class COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_type', heroes.hero_type, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.hero_type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_rarity', heroes.rarity_level, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.rarity_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_faction_class', heroes.faction_id || ':' || heroes.hero_class, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.faction_id || ':' || heroes.hero_class COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_faction_type', heroes.faction_id || ':' || heroes.hero_type, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.faction_id || ':' || heroes.hero_type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_faction_rarity', heroes.faction_id || ':' || heroes.rarity_level, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.faction_id || ':' || heroes.rarity_level COLLATE NOCASE;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_heroes_ai` AFTER INSERT ON `heroes` WHEN new.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('hero', '', +1),
		('hero_faction', new.faction_id, +1),
		('hero_class', new.hero_class, +1),
		('hero_type', new.hero_type, +1),
		('hero_rarity', new.rarity_level, +1),
		('hero_faction_class', new.faction_id || ':' || new.hero_class, +1),
		('hero_faction_type', new.faction_id || ':' || new.hero_type, +1),
		('hero_faction_rarity', new.faction_id || ':' || new.rarity_level, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_heroes_ad` AFTER DELETE ON `heroes` WHEN old.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('hero', '', -1),
		('hero_faction', old.faction_id, -1),
		('hero_class', old.hero_class, -1),
		('hero_type', old.hero_type, -1),
		('hero_rarity', old.rarity_level, -1),
		('hero_faction_class', old.faction_id || ':' || old.hero_class, -1),
		('hero_faction_type', old.faction_id || ':' || old.hero_type, -1),
		('hero_faction_rarity', old.faction_id || ':' || old.rarity_level, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_heroes_au_old` AFTER UPDATE OF `is_active`, `faction_id`, `hero_class`, `hero_type`, `rarity_level` ON `heroes`
	WHEN old.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.faction_id IS NOT new.faction_id OR old.hero_class IS NOT new.hero_class OR old.hero_type IS NOT new.hero_type OR old.rarity_level IS NOT new.rarity_level) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('hero', '', -1),
		('hero_faction', old.faction_id, -1),
		('hero_class', old.hero_class, -1),
		('hero_type', old.hero_type, -1),
		('hero_rarity', old.rarity_level, -1),
		('hero_faction_class', old.faction_id || ':' || old.hero_class, -1),
		('hero_faction_type', old.faction_id || ':' || old.hero_type, -1),
		('hero_faction_rarity', old.faction_id || ':' || old.rarity_level, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_heroes_au_new` AFTER UPDATE OF `is_active`, `faction_id`, `hero_class`, `hero_type`, `rarity_level` ON `heroes`
	WHEN new.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.faction_id IS NOT new.faction_id OR old.hero_class IS NOT new.hero_class OR old.hero_type IS NOT new.hero_type OR old.rarity_level IS NOT new.rarity_level) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('hero', '', +1),
		('hero_faction', new.faction_id, +1),
		('hero_class', new.hero_class, +1),
		('hero_type', new.hero_type, +1),
		('hero_rarity', new.rarity_level, +1),
		('hero_faction_class', new.faction_id || ':' || new.hero_class, +1),
		('hero_faction_type', new.faction_id || ':' || new.hero_type, +1),
		('hero_faction_rarity', new.faction_id || ':' || new.rarity_level, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
-- Active spells: the whole total (`spell`), per school, level, type, target and common flag (0/1), and per school and each of those ('Fire:3').
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell', '', count(*) FROM `spells` WHERE is_active = 1;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school', spells.school, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_level', spells.level, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_type', spells.type, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_target', spells.target, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.target COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_common', spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_level', spells.school || ':' || spells.level, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_type', spells.school || ':' || spells.type, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_target', spells.school || ':' || spells.target, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.target COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_common', spells.school || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_ai` AFTER INSERT ON `spells` WHEN new.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('spell', '', +1),
		('spell_school', new.school, +1),
		('spell_level', new.level, +1),
		('spell_type', new.type, +1),
		('spell_target', new.target, +1),
		('spell_common', new.is_common, +1),
		('spell_school_level', new.school || ':' || new.level, +1),
		('spell_school_type', new.school || ':' || new.type, +1),
		('spell_school_target', new.school || ':' || new.target, +1),
		('spell_school_common', new.school || ':' || new.is_common, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_ad` AFTER DELETE ON `spells` WHEN old.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('spell', '', -1),
		('spell_school', old.school, -1),
		('spell_level', old.level, -1),
		('spell_type', old.type, -1),
		('spell_target', old.target, -1),
		('spell_common', old.is_common, -1),
		('spell_school_level', old.school || ':' || old.level, -1),
		('spell_school_type', old.school || ':' || old.type, -1),
		('spell_school_target', old.school || ':' || old.target, -1),
		('spell_school_common', old.school || ':' || old.is_common, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_au_old` AFTER UPDATE OF `is_active`, `school`, `level`, `type`, `target`, `is_common` ON `spells`
	WHEN old.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.school IS NOT new.school OR old.level IS NOT new.level OR old.type IS NOT new.type OR old.target IS NOT new.target OR old.is_common IS NOT new.is_common) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('spell', '', -1),
		('spell_school', old.school, -1),
		('spell_level', old.level, -1),
		('spell_type', old.type, -1),
		('spell_target', old.target, -1),
		('spell_common', old.is_common, -1),
		('spell_school_level', old.school || ':' || old.level, -1),
		('spell_school_type', old.school || ':' || old.type, -1),
		('spell_school_target', old.school || ':' || old.target, -1),
		('spell_school_common', old.school || ':' || old.is_common, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_au_new` AFTER UPDATE OF `is_active`, `school`, `level`, `type`, `target`, `is_common` ON `spells`
	WHEN new.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.school IS NOT new.school OR old.level IS NOT new.level OR old.type IS NOT new.type OR old.target IS NOT new.target OR old.is_common IS NOT new.is_common) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('spell', '', +1),
		('spell_school', new.school, +1),
		('spell_level', new.level, +1),
		('spell_type', new.type, +1),
		('spell_target', new.target, +1),
		('spell_common', new.is_common, +1),
		('spell_school_level', new.school || ':' || new.level, +1),
		('spell_school_type', new.school || ':' || new.type, +1),
		('spell_school_target', new.school || ':' || new.target, +1),
		('spell_school_common', new.school || ':' || new.is_common, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
-- Active spells per offering faction (`spell_faction`): a spell belongs to factions through
-- faction_spells, so the links and the spell's active flag both move the count. A spell's delete
-- takes its links off first (BEFORE DELETE): its links may then go by the foreign key's cascade,
-- when the spell is gone and their own trigger no longer counts them.
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'spell_faction', fs.faction_id, count(*) FROM `faction_spells` fs JOIN `spells` s ON s.id = fs.spell_id
	WHERE s.is_active = 1 GROUP BY fs.faction_id;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_faction_spells_ai` AFTER INSERT ON `faction_spells` BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'spell_faction', new.faction_id, 1 FROM `spells` s WHERE s.id = new.spell_id AND s.is_active = 1
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_faction_spells_ad` AFTER DELETE ON `faction_spells` BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'spell_faction', old.faction_id, -1 FROM `spells` s WHERE s.id = old.spell_id AND s.is_active = 1
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_faction_spells_au` AFTER UPDATE ON `faction_spells`
	WHEN old.faction_id IS NOT new.faction_id OR old.spell_id IS NOT new.spell_id BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'spell_faction', old.faction_id, -1 FROM `spells` s WHERE s.id = old.spell_id AND s.is_active = 1
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'spell_faction', new.faction_id, 1 FROM `spells` s WHERE s.id = new.spell_id AND s.is_active = 1
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_links_au` AFTER UPDATE OF `is_active` ON `spells`
	WHEN old.is_active IS NOT new.is_active BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'spell_faction', fs.faction_id, new.is_active - old.is_active FROM `faction_spells` fs WHERE fs.spell_id = new.id
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_links_bd` BEFORE DELETE ON `spells` WHEN old.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'spell_faction', fs.faction_id, -1 FROM `faction_spells` fs WHERE fs.spell_id = old.id
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;
