-- Kept counts of every combination of a game list's filters (docs/decisions/0042-every-filter-combination.md),
-- so a list filtered by two or more values reads its total and where its page starts from kept rows
-- instead of counting and skipping row by row. A combination's list names its dimensions in one
-- fixed order per kind (units: tier, type, level; heroes: class, type, rarity; spells: school,
-- level, type, target, common) joined by '_', and its value joins theirs by ':' in the same order
-- ('unit_tier_type' '3:Infantry'; per faction 'unit_faction_tier_type' '12:3:Infantry'). The lists
-- of one dimension (migration 0016) stay as they are; these triggers sit beside 0016's and move the
-- new lists on the same changes: INSERT, DELETE, and an UPDATE of any column that changes membership.
-- Indexes that lead with the filtered values and continue in the list's order let a filtered page
-- read only matching rows from where it starts.
CREATE INDEX IF NOT EXISTS `units_tier_type_list_idx` ON `units` (`tier`,`unit_type`,`faction_id`,`upgrade_level`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `units_tier_level_list_idx` ON `units` (`tier`,`upgrade_level`,`faction_id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `units_type_level_list_idx` ON `units` (`unit_type`,`upgrade_level`,`faction_id`,`tier`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `heroes_type_list_idx` ON `heroes` (`hero_type`,`faction_id`,`name`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `heroes_rarity_list_idx` ON `heroes` (`rarity_level`,`faction_id`,`name`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `heroes_type_rarity_list_idx` ON `heroes` (`hero_type`,`rarity_level`,`faction_id`,`name`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `spells_level_list_idx` ON `spells` (`level`,`school`,`name`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `spells_target_list_idx` ON `spells` (`target`,`school`,`level`,`name`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `spells_target_type_list_idx` ON `spells` (`target`,`type`,`school`,`level`,`name`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `spells_common_list_idx` ON `spells` (`is_common`,`school`,`level`,`name`);--> statement-breakpoint
-- Active units: `unit_tier_type`, `unit_faction_tier_type`, `unit_tier_level`, `unit_faction_tier_level`, `unit_type_level`, `unit_faction_type_level`, `unit_tier_type_level`, `unit_faction_tier_type_level`.
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_tier_type', units.tier || ':' || units.unit_type, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.tier || ':' || units.unit_type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_faction_tier_type', units.faction_id || ':' || units.tier || ':' || units.unit_type, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.faction_id || ':' || units.tier || ':' || units.unit_type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_tier_level', units.tier || ':' || units.upgrade_level, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.tier || ':' || units.upgrade_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_faction_tier_level', units.faction_id || ':' || units.tier || ':' || units.upgrade_level, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.faction_id || ':' || units.tier || ':' || units.upgrade_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_type_level', units.unit_type || ':' || units.upgrade_level, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.unit_type || ':' || units.upgrade_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_faction_type_level', units.faction_id || ':' || units.unit_type || ':' || units.upgrade_level, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.faction_id || ':' || units.unit_type || ':' || units.upgrade_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_tier_type_level', units.tier || ':' || units.unit_type || ':' || units.upgrade_level, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.tier || ':' || units.unit_type || ':' || units.upgrade_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_faction_tier_type_level', units.faction_id || ':' || units.tier || ':' || units.unit_type || ':' || units.upgrade_level, count(*) FROM `units` WHERE is_active = 1 GROUP BY units.faction_id || ':' || units.tier || ':' || units.unit_type || ':' || units.upgrade_level COLLATE NOCASE;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_units_combos_ai` AFTER INSERT ON `units` WHEN new.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('unit_tier_type', new.tier || ':' || new.unit_type, +1),
		('unit_faction_tier_type', new.faction_id || ':' || new.tier || ':' || new.unit_type, +1),
		('unit_tier_level', new.tier || ':' || new.upgrade_level, +1),
		('unit_faction_tier_level', new.faction_id || ':' || new.tier || ':' || new.upgrade_level, +1),
		('unit_type_level', new.unit_type || ':' || new.upgrade_level, +1),
		('unit_faction_type_level', new.faction_id || ':' || new.unit_type || ':' || new.upgrade_level, +1),
		('unit_tier_type_level', new.tier || ':' || new.unit_type || ':' || new.upgrade_level, +1),
		('unit_faction_tier_type_level', new.faction_id || ':' || new.tier || ':' || new.unit_type || ':' || new.upgrade_level, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_units_combos_ad` AFTER DELETE ON `units` WHEN old.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('unit_tier_type', old.tier || ':' || old.unit_type, -1),
		('unit_faction_tier_type', old.faction_id || ':' || old.tier || ':' || old.unit_type, -1),
		('unit_tier_level', old.tier || ':' || old.upgrade_level, -1),
		('unit_faction_tier_level', old.faction_id || ':' || old.tier || ':' || old.upgrade_level, -1),
		('unit_type_level', old.unit_type || ':' || old.upgrade_level, -1),
		('unit_faction_type_level', old.faction_id || ':' || old.unit_type || ':' || old.upgrade_level, -1),
		('unit_tier_type_level', old.tier || ':' || old.unit_type || ':' || old.upgrade_level, -1),
		('unit_faction_tier_type_level', old.faction_id || ':' || old.tier || ':' || old.unit_type || ':' || old.upgrade_level, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_units_combos_au_old` AFTER UPDATE OF `is_active`, `faction_id`, `tier`, `unit_type`, `upgrade_level` ON `units`
	WHEN old.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.faction_id IS NOT new.faction_id OR old.tier IS NOT new.tier OR old.unit_type IS NOT new.unit_type OR old.upgrade_level IS NOT new.upgrade_level) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('unit_tier_type', old.tier || ':' || old.unit_type, -1),
		('unit_faction_tier_type', old.faction_id || ':' || old.tier || ':' || old.unit_type, -1),
		('unit_tier_level', old.tier || ':' || old.upgrade_level, -1),
		('unit_faction_tier_level', old.faction_id || ':' || old.tier || ':' || old.upgrade_level, -1),
		('unit_type_level', old.unit_type || ':' || old.upgrade_level, -1),
		('unit_faction_type_level', old.faction_id || ':' || old.unit_type || ':' || old.upgrade_level, -1),
		('unit_tier_type_level', old.tier || ':' || old.unit_type || ':' || old.upgrade_level, -1),
		('unit_faction_tier_type_level', old.faction_id || ':' || old.tier || ':' || old.unit_type || ':' || old.upgrade_level, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_units_combos_au_new` AFTER UPDATE OF `is_active`, `faction_id`, `tier`, `unit_type`, `upgrade_level` ON `units`
	WHEN new.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.faction_id IS NOT new.faction_id OR old.tier IS NOT new.tier OR old.unit_type IS NOT new.unit_type OR old.upgrade_level IS NOT new.upgrade_level) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('unit_tier_type', new.tier || ':' || new.unit_type, +1),
		('unit_faction_tier_type', new.faction_id || ':' || new.tier || ':' || new.unit_type, +1),
		('unit_tier_level', new.tier || ':' || new.upgrade_level, +1),
		('unit_faction_tier_level', new.faction_id || ':' || new.tier || ':' || new.upgrade_level, +1),
		('unit_type_level', new.unit_type || ':' || new.upgrade_level, +1),
		('unit_faction_type_level', new.faction_id || ':' || new.unit_type || ':' || new.upgrade_level, +1),
		('unit_tier_type_level', new.tier || ':' || new.unit_type || ':' || new.upgrade_level, +1),
		('unit_faction_tier_type_level', new.faction_id || ':' || new.tier || ':' || new.unit_type || ':' || new.upgrade_level, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
-- Active heroes: `hero_class_type`, `hero_faction_class_type`, `hero_class_rarity`, `hero_faction_class_rarity`, `hero_type_rarity`, `hero_faction_type_rarity`, `hero_class_type_rarity`, `hero_faction_class_type_rarity`.
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_class_type', heroes.hero_class || ':' || heroes.hero_type, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.hero_class || ':' || heroes.hero_type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_faction_class_type', heroes.faction_id || ':' || heroes.hero_class || ':' || heroes.hero_type, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.faction_id || ':' || heroes.hero_class || ':' || heroes.hero_type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_class_rarity', heroes.hero_class || ':' || heroes.rarity_level, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.hero_class || ':' || heroes.rarity_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_faction_class_rarity', heroes.faction_id || ':' || heroes.hero_class || ':' || heroes.rarity_level, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.faction_id || ':' || heroes.hero_class || ':' || heroes.rarity_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_type_rarity', heroes.hero_type || ':' || heroes.rarity_level, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.hero_type || ':' || heroes.rarity_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_faction_type_rarity', heroes.faction_id || ':' || heroes.hero_type || ':' || heroes.rarity_level, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.faction_id || ':' || heroes.hero_type || ':' || heroes.rarity_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_class_type_rarity', heroes.hero_class || ':' || heroes.hero_type || ':' || heroes.rarity_level, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.hero_class || ':' || heroes.hero_type || ':' || heroes.rarity_level COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'hero_faction_class_type_rarity', heroes.faction_id || ':' || heroes.hero_class || ':' || heroes.hero_type || ':' || heroes.rarity_level, count(*) FROM `heroes` WHERE is_active = 1 GROUP BY heroes.faction_id || ':' || heroes.hero_class || ':' || heroes.hero_type || ':' || heroes.rarity_level COLLATE NOCASE;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_heroes_combos_ai` AFTER INSERT ON `heroes` WHEN new.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('hero_class_type', new.hero_class || ':' || new.hero_type, +1),
		('hero_faction_class_type', new.faction_id || ':' || new.hero_class || ':' || new.hero_type, +1),
		('hero_class_rarity', new.hero_class || ':' || new.rarity_level, +1),
		('hero_faction_class_rarity', new.faction_id || ':' || new.hero_class || ':' || new.rarity_level, +1),
		('hero_type_rarity', new.hero_type || ':' || new.rarity_level, +1),
		('hero_faction_type_rarity', new.faction_id || ':' || new.hero_type || ':' || new.rarity_level, +1),
		('hero_class_type_rarity', new.hero_class || ':' || new.hero_type || ':' || new.rarity_level, +1),
		('hero_faction_class_type_rarity', new.faction_id || ':' || new.hero_class || ':' || new.hero_type || ':' || new.rarity_level, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_heroes_combos_ad` AFTER DELETE ON `heroes` WHEN old.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('hero_class_type', old.hero_class || ':' || old.hero_type, -1),
		('hero_faction_class_type', old.faction_id || ':' || old.hero_class || ':' || old.hero_type, -1),
		('hero_class_rarity', old.hero_class || ':' || old.rarity_level, -1),
		('hero_faction_class_rarity', old.faction_id || ':' || old.hero_class || ':' || old.rarity_level, -1),
		('hero_type_rarity', old.hero_type || ':' || old.rarity_level, -1),
		('hero_faction_type_rarity', old.faction_id || ':' || old.hero_type || ':' || old.rarity_level, -1),
		('hero_class_type_rarity', old.hero_class || ':' || old.hero_type || ':' || old.rarity_level, -1),
		('hero_faction_class_type_rarity', old.faction_id || ':' || old.hero_class || ':' || old.hero_type || ':' || old.rarity_level, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_heroes_combos_au_old` AFTER UPDATE OF `is_active`, `faction_id`, `hero_class`, `hero_type`, `rarity_level` ON `heroes`
	WHEN old.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.faction_id IS NOT new.faction_id OR old.hero_class IS NOT new.hero_class OR old.hero_type IS NOT new.hero_type OR old.rarity_level IS NOT new.rarity_level) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('hero_class_type', old.hero_class || ':' || old.hero_type, -1),
		('hero_faction_class_type', old.faction_id || ':' || old.hero_class || ':' || old.hero_type, -1),
		('hero_class_rarity', old.hero_class || ':' || old.rarity_level, -1),
		('hero_faction_class_rarity', old.faction_id || ':' || old.hero_class || ':' || old.rarity_level, -1),
		('hero_type_rarity', old.hero_type || ':' || old.rarity_level, -1),
		('hero_faction_type_rarity', old.faction_id || ':' || old.hero_type || ':' || old.rarity_level, -1),
		('hero_class_type_rarity', old.hero_class || ':' || old.hero_type || ':' || old.rarity_level, -1),
		('hero_faction_class_type_rarity', old.faction_id || ':' || old.hero_class || ':' || old.hero_type || ':' || old.rarity_level, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_heroes_combos_au_new` AFTER UPDATE OF `is_active`, `faction_id`, `hero_class`, `hero_type`, `rarity_level` ON `heroes`
	WHEN new.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.faction_id IS NOT new.faction_id OR old.hero_class IS NOT new.hero_class OR old.hero_type IS NOT new.hero_type OR old.rarity_level IS NOT new.rarity_level) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('hero_class_type', new.hero_class || ':' || new.hero_type, +1),
		('hero_faction_class_type', new.faction_id || ':' || new.hero_class || ':' || new.hero_type, +1),
		('hero_class_rarity', new.hero_class || ':' || new.rarity_level, +1),
		('hero_faction_class_rarity', new.faction_id || ':' || new.hero_class || ':' || new.rarity_level, +1),
		('hero_type_rarity', new.hero_type || ':' || new.rarity_level, +1),
		('hero_faction_type_rarity', new.faction_id || ':' || new.hero_type || ':' || new.rarity_level, +1),
		('hero_class_type_rarity', new.hero_class || ':' || new.hero_type || ':' || new.rarity_level, +1),
		('hero_faction_class_type_rarity', new.faction_id || ':' || new.hero_class || ':' || new.hero_type || ':' || new.rarity_level, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
-- Active spells: `spell_level_type`, `spell_level_target`, `spell_level_common`, `spell_type_target`, `spell_type_common`, `spell_target_common`, `spell_school_level_type`, `spell_school_level_target`, `spell_school_level_common`, `spell_school_type_target`, `spell_school_type_common`, `spell_school_target_common`, `spell_level_type_target`, `spell_level_type_common`, `spell_level_target_common`, `spell_type_target_common`, `spell_school_level_type_target`, `spell_school_level_type_common`, `spell_school_level_target_common`, `spell_school_type_target_common`, `spell_level_type_target_common`, `spell_school_level_type_target_common`.
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_level_type', spells.level || ':' || spells.type, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.level || ':' || spells.type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_level_target', spells.level || ':' || spells.target, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.level || ':' || spells.target COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_level_common', spells.level || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.level || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_type_target', spells.type || ':' || spells.target, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.type || ':' || spells.target COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_type_common', spells.type || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.type || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_target_common', spells.target || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.target || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_level_type', spells.school || ':' || spells.level || ':' || spells.type, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.level || ':' || spells.type COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_level_target', spells.school || ':' || spells.level || ':' || spells.target, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.level || ':' || spells.target COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_level_common', spells.school || ':' || spells.level || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.level || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_type_target', spells.school || ':' || spells.type || ':' || spells.target, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.type || ':' || spells.target COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_type_common', spells.school || ':' || spells.type || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.type || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_target_common', spells.school || ':' || spells.target || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.target || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_level_type_target', spells.level || ':' || spells.type || ':' || spells.target, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.level || ':' || spells.type || ':' || spells.target COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_level_type_common', spells.level || ':' || spells.type || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.level || ':' || spells.type || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_level_target_common', spells.level || ':' || spells.target || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.level || ':' || spells.target || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_type_target_common', spells.type || ':' || spells.target || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.type || ':' || spells.target || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_level_type_target', spells.school || ':' || spells.level || ':' || spells.type || ':' || spells.target, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.level || ':' || spells.type || ':' || spells.target COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_level_type_common', spells.school || ':' || spells.level || ':' || spells.type || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.level || ':' || spells.type || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_level_target_common', spells.school || ':' || spells.level || ':' || spells.target || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.level || ':' || spells.target || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_type_target_common', spells.school || ':' || spells.type || ':' || spells.target || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.type || ':' || spells.target || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_level_type_target_common', spells.level || ':' || spells.type || ':' || spells.target || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.level || ':' || spells.type || ':' || spells.target || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
INSERT OR REPLACE INTO `facet_counts` (`list`, `value`, `n`) SELECT 'spell_school_level_type_target_common', spells.school || ':' || spells.level || ':' || spells.type || ':' || spells.target || ':' || spells.is_common, count(*) FROM `spells` WHERE is_active = 1 GROUP BY spells.school || ':' || spells.level || ':' || spells.type || ':' || spells.target || ':' || spells.is_common COLLATE NOCASE;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_combos_ai` AFTER INSERT ON `spells` WHEN new.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('spell_level_type', new.level || ':' || new.type, +1),
		('spell_level_target', new.level || ':' || new.target, +1),
		('spell_level_common', new.level || ':' || new.is_common, +1),
		('spell_type_target', new.type || ':' || new.target, +1),
		('spell_type_common', new.type || ':' || new.is_common, +1),
		('spell_target_common', new.target || ':' || new.is_common, +1),
		('spell_school_level_type', new.school || ':' || new.level || ':' || new.type, +1),
		('spell_school_level_target', new.school || ':' || new.level || ':' || new.target, +1),
		('spell_school_level_common', new.school || ':' || new.level || ':' || new.is_common, +1),
		('spell_school_type_target', new.school || ':' || new.type || ':' || new.target, +1),
		('spell_school_type_common', new.school || ':' || new.type || ':' || new.is_common, +1),
		('spell_school_target_common', new.school || ':' || new.target || ':' || new.is_common, +1),
		('spell_level_type_target', new.level || ':' || new.type || ':' || new.target, +1),
		('spell_level_type_common', new.level || ':' || new.type || ':' || new.is_common, +1),
		('spell_level_target_common', new.level || ':' || new.target || ':' || new.is_common, +1),
		('spell_type_target_common', new.type || ':' || new.target || ':' || new.is_common, +1),
		('spell_school_level_type_target', new.school || ':' || new.level || ':' || new.type || ':' || new.target, +1),
		('spell_school_level_type_common', new.school || ':' || new.level || ':' || new.type || ':' || new.is_common, +1),
		('spell_school_level_target_common', new.school || ':' || new.level || ':' || new.target || ':' || new.is_common, +1),
		('spell_school_type_target_common', new.school || ':' || new.type || ':' || new.target || ':' || new.is_common, +1),
		('spell_level_type_target_common', new.level || ':' || new.type || ':' || new.target || ':' || new.is_common, +1),
		('spell_school_level_type_target_common', new.school || ':' || new.level || ':' || new.type || ':' || new.target || ':' || new.is_common, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_combos_ad` AFTER DELETE ON `spells` WHEN old.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('spell_level_type', old.level || ':' || old.type, -1),
		('spell_level_target', old.level || ':' || old.target, -1),
		('spell_level_common', old.level || ':' || old.is_common, -1),
		('spell_type_target', old.type || ':' || old.target, -1),
		('spell_type_common', old.type || ':' || old.is_common, -1),
		('spell_target_common', old.target || ':' || old.is_common, -1),
		('spell_school_level_type', old.school || ':' || old.level || ':' || old.type, -1),
		('spell_school_level_target', old.school || ':' || old.level || ':' || old.target, -1),
		('spell_school_level_common', old.school || ':' || old.level || ':' || old.is_common, -1),
		('spell_school_type_target', old.school || ':' || old.type || ':' || old.target, -1),
		('spell_school_type_common', old.school || ':' || old.type || ':' || old.is_common, -1),
		('spell_school_target_common', old.school || ':' || old.target || ':' || old.is_common, -1),
		('spell_level_type_target', old.level || ':' || old.type || ':' || old.target, -1),
		('spell_level_type_common', old.level || ':' || old.type || ':' || old.is_common, -1),
		('spell_level_target_common', old.level || ':' || old.target || ':' || old.is_common, -1),
		('spell_type_target_common', old.type || ':' || old.target || ':' || old.is_common, -1),
		('spell_school_level_type_target', old.school || ':' || old.level || ':' || old.type || ':' || old.target, -1),
		('spell_school_level_type_common', old.school || ':' || old.level || ':' || old.type || ':' || old.is_common, -1),
		('spell_school_level_target_common', old.school || ':' || old.level || ':' || old.target || ':' || old.is_common, -1),
		('spell_school_type_target_common', old.school || ':' || old.type || ':' || old.target || ':' || old.is_common, -1),
		('spell_level_type_target_common', old.level || ':' || old.type || ':' || old.target || ':' || old.is_common, -1),
		('spell_school_level_type_target_common', old.school || ':' || old.level || ':' || old.type || ':' || old.target || ':' || old.is_common, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_combos_au_old` AFTER UPDATE OF `is_active`, `school`, `level`, `type`, `target`, `is_common` ON `spells`
	WHEN old.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.school IS NOT new.school OR old.level IS NOT new.level OR old.type IS NOT new.type OR old.target IS NOT new.target OR old.is_common IS NOT new.is_common) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('spell_level_type', old.level || ':' || old.type, -1),
		('spell_level_target', old.level || ':' || old.target, -1),
		('spell_level_common', old.level || ':' || old.is_common, -1),
		('spell_type_target', old.type || ':' || old.target, -1),
		('spell_type_common', old.type || ':' || old.is_common, -1),
		('spell_target_common', old.target || ':' || old.is_common, -1),
		('spell_school_level_type', old.school || ':' || old.level || ':' || old.type, -1),
		('spell_school_level_target', old.school || ':' || old.level || ':' || old.target, -1),
		('spell_school_level_common', old.school || ':' || old.level || ':' || old.is_common, -1),
		('spell_school_type_target', old.school || ':' || old.type || ':' || old.target, -1),
		('spell_school_type_common', old.school || ':' || old.type || ':' || old.is_common, -1),
		('spell_school_target_common', old.school || ':' || old.target || ':' || old.is_common, -1),
		('spell_level_type_target', old.level || ':' || old.type || ':' || old.target, -1),
		('spell_level_type_common', old.level || ':' || old.type || ':' || old.is_common, -1),
		('spell_level_target_common', old.level || ':' || old.target || ':' || old.is_common, -1),
		('spell_type_target_common', old.type || ':' || old.target || ':' || old.is_common, -1),
		('spell_school_level_type_target', old.school || ':' || old.level || ':' || old.type || ':' || old.target, -1),
		('spell_school_level_type_common', old.school || ':' || old.level || ':' || old.type || ':' || old.is_common, -1),
		('spell_school_level_target_common', old.school || ':' || old.level || ':' || old.target || ':' || old.is_common, -1),
		('spell_school_type_target_common', old.school || ':' || old.type || ':' || old.target || ':' || old.is_common, -1),
		('spell_level_type_target_common', old.level || ':' || old.type || ':' || old.target || ':' || old.is_common, -1),
		('spell_school_level_type_target_common', old.school || ':' || old.level || ':' || old.type || ':' || old.target || ':' || old.is_common, -1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_combos_au_new` AFTER UPDATE OF `is_active`, `school`, `level`, `type`, `target`, `is_common` ON `spells`
	WHEN new.is_active = 1 AND (old.is_active IS NOT new.is_active OR old.school IS NOT new.school OR old.level IS NOT new.level OR old.type IS NOT new.type OR old.target IS NOT new.target OR old.is_common IS NOT new.is_common) BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES
		('spell_level_type', new.level || ':' || new.type, +1),
		('spell_level_target', new.level || ':' || new.target, +1),
		('spell_level_common', new.level || ':' || new.is_common, +1),
		('spell_type_target', new.type || ':' || new.target, +1),
		('spell_type_common', new.type || ':' || new.is_common, +1),
		('spell_target_common', new.target || ':' || new.is_common, +1),
		('spell_school_level_type', new.school || ':' || new.level || ':' || new.type, +1),
		('spell_school_level_target', new.school || ':' || new.level || ':' || new.target, +1),
		('spell_school_level_common', new.school || ':' || new.level || ':' || new.is_common, +1),
		('spell_school_type_target', new.school || ':' || new.type || ':' || new.target, +1),
		('spell_school_type_common', new.school || ':' || new.type || ':' || new.is_common, +1),
		('spell_school_target_common', new.school || ':' || new.target || ':' || new.is_common, +1),
		('spell_level_type_target', new.level || ':' || new.type || ':' || new.target, +1),
		('spell_level_type_common', new.level || ':' || new.type || ':' || new.is_common, +1),
		('spell_level_target_common', new.level || ':' || new.target || ':' || new.is_common, +1),
		('spell_type_target_common', new.type || ':' || new.target || ':' || new.is_common, +1),
		('spell_school_level_type_target', new.school || ':' || new.level || ':' || new.type || ':' || new.target, +1),
		('spell_school_level_type_common', new.school || ':' || new.level || ':' || new.type || ':' || new.is_common, +1),
		('spell_school_level_target_common', new.school || ':' || new.level || ':' || new.target || ':' || new.is_common, +1),
		('spell_school_type_target_common', new.school || ':' || new.type || ':' || new.target || ':' || new.is_common, +1),
		('spell_level_type_target_common', new.level || ':' || new.type || ':' || new.target || ':' || new.is_common, +1),
		('spell_school_level_type_target_common', new.school || ':' || new.level || ':' || new.type || ':' || new.target || ':' || new.is_common, +1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;
