-- Search finds wiki rows by what kind of thing they are, as a reader types it: "fire" finds the
-- Fire school's spells, "flying" the flying units, "might" the Might heroes (and "knight" the heroes of that class), "chaos" the Chaos
-- factions. Each wiki FTS table gains those columns (last, so the earlier columns keep their
-- numbers) and is rebuilt from its content table; its triggers follow the new column list.
DROP TRIGGER IF EXISTS `faction_fts_ai`;
DROP TRIGGER IF EXISTS `faction_fts_ad`;
DROP TRIGGER IF EXISTS `faction_fts_au`;
DROP TABLE IF EXISTS `faction_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `faction_fts` USING fts5(
	name, summary, description, specialty, alignment,
	content='factions', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `faction_fts_ai` AFTER INSERT ON `factions` BEGIN
	INSERT INTO faction_fts(rowid, name, summary, description, specialty, alignment) VALUES (new.id, new.name, new.summary, new.description, new.specialty, new.alignment);
END;
--> statement-breakpoint
CREATE TRIGGER `faction_fts_ad` AFTER DELETE ON `factions` BEGIN
	INSERT INTO faction_fts(faction_fts, rowid, name, summary, description, specialty, alignment) VALUES ('delete', old.id, old.name, old.summary, old.description, old.specialty, old.alignment);
END;
--> statement-breakpoint
CREATE TRIGGER `faction_fts_au` AFTER UPDATE OF name, summary, description, specialty, alignment ON `factions` BEGIN
	INSERT INTO faction_fts(faction_fts, rowid, name, summary, description, specialty, alignment) VALUES ('delete', old.id, old.name, old.summary, old.description, old.specialty, old.alignment);
	INSERT INTO faction_fts(rowid, name, summary, description, specialty, alignment) VALUES (new.id, new.name, new.summary, new.description, new.specialty, new.alignment);
END;
--> statement-breakpoint
INSERT INTO faction_fts(faction_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `unit_fts_ai`;
DROP TRIGGER IF EXISTS `unit_fts_ad`;
DROP TRIGGER IF EXISTS `unit_fts_au`;
DROP TABLE IF EXISTS `unit_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `unit_fts` USING fts5(
	name, summary, description, unit_type,
	content='units', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `unit_fts_ai` AFTER INSERT ON `units` BEGIN
	INSERT INTO unit_fts(rowid, name, summary, description, unit_type) VALUES (new.id, new.name, new.summary, new.description, new.unit_type);
END;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_ad` AFTER DELETE ON `units` BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description, unit_type) VALUES ('delete', old.id, old.name, old.summary, old.description, old.unit_type);
END;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_au` AFTER UPDATE OF name, summary, description, unit_type ON `units` BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description, unit_type) VALUES ('delete', old.id, old.name, old.summary, old.description, old.unit_type);
	INSERT INTO unit_fts(rowid, name, summary, description, unit_type) VALUES (new.id, new.name, new.summary, new.description, new.unit_type);
END;
--> statement-breakpoint
INSERT INTO unit_fts(unit_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `hero_fts_ai`;
DROP TRIGGER IF EXISTS `hero_fts_ad`;
DROP TRIGGER IF EXISTS `hero_fts_au`;
DROP TABLE IF EXISTS `hero_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `hero_fts` USING fts5(
	name, title, summary, biography, specialty, hero_class, hero_type,
	content='heroes', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `hero_fts_ai` AFTER INSERT ON `heroes` BEGIN
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty, hero_class, hero_type) VALUES (new.id, new.name, new.title, new.summary, new.biography, new.specialty, new.hero_class, new.hero_type);
END;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_ad` AFTER DELETE ON `heroes` BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty, hero_class, hero_type) VALUES ('delete', old.id, old.name, old.title, old.summary, old.biography, old.specialty, old.hero_class, old.hero_type);
END;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_au` AFTER UPDATE OF name, title, summary, biography, specialty, hero_class, hero_type ON `heroes` BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty, hero_class, hero_type) VALUES ('delete', old.id, old.name, old.title, old.summary, old.biography, old.specialty, old.hero_class, old.hero_type);
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty, hero_class, hero_type) VALUES (new.id, new.name, new.title, new.summary, new.biography, new.specialty, new.hero_class, new.hero_type);
END;
--> statement-breakpoint
INSERT INTO hero_fts(hero_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `spell_fts_ai`;
DROP TRIGGER IF EXISTS `spell_fts_ad`;
DROP TRIGGER IF EXISTS `spell_fts_au`;
DROP TABLE IF EXISTS `spell_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `spell_fts` USING fts5(
	name, description, school,
	content='spells', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `spell_fts_ai` AFTER INSERT ON `spells` BEGIN
	INSERT INTO spell_fts(rowid, name, description, school) VALUES (new.id, new.name, new.description, new.school);
END;
--> statement-breakpoint
CREATE TRIGGER `spell_fts_ad` AFTER DELETE ON `spells` BEGIN
	INSERT INTO spell_fts(spell_fts, rowid, name, description, school) VALUES ('delete', old.id, old.name, old.description, old.school);
END;
--> statement-breakpoint
CREATE TRIGGER `spell_fts_au` AFTER UPDATE OF name, description, school ON `spells` BEGIN
	INSERT INTO spell_fts(spell_fts, rowid, name, description, school) VALUES ('delete', old.id, old.name, old.description, old.school);
	INSERT INTO spell_fts(rowid, name, description, school) VALUES (new.id, new.name, new.description, new.school);
END;
--> statement-breakpoint
INSERT INTO spell_fts(spell_fts) VALUES ('rebuild');
