-- Search as a reader types it (docs/decisions/0011-site-settings-mail-search.md):
-- * every FTS table stems English words (the porter tokenizer over unicode61), so "dragons"
--   finds "dragon" and "burning" finds "burns";
-- * wiki rows are also found by what kind of thing they are: "fire" finds the Fire school's
--   spells, "flying" the flying units, "might" the Might heroes ("knight" the heroes of that
--   class), "chaos" the Chaos factions. Those columns come last, so the earlier columns keep
--   their numbers.
-- Each table is dropped with its triggers, created again and rebuilt from its content table.
DROP TRIGGER IF EXISTS `news_fts_ai`;
DROP TRIGGER IF EXISTS `news_fts_ad`;
DROP TRIGGER IF EXISTS `news_fts_au`;
DROP TABLE IF EXISTS `news_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `news_fts` USING fts5(
	title, summary, content,
	content='news_articles', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `news_fts_ai` AFTER INSERT ON `news_articles` BEGIN
	INSERT INTO news_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `news_fts_ad` AFTER DELETE ON `news_articles` BEGIN
	INSERT INTO news_fts(news_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `news_fts_au` AFTER UPDATE OF title, summary, content ON `news_articles` BEGIN
	INSERT INTO news_fts(news_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
	INSERT INTO news_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
INSERT INTO news_fts(news_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `game_info_fts_ai`;
DROP TRIGGER IF EXISTS `game_info_fts_ad`;
DROP TRIGGER IF EXISTS `game_info_fts_au`;
DROP TABLE IF EXISTS `game_info_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `game_info_fts` USING fts5(
	title, summary, content,
	content='game_info_articles', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_ai` AFTER INSERT ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_ad` AFTER DELETE ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(game_info_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_au` AFTER UPDATE OF title, summary, content ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(game_info_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
	INSERT INTO game_info_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
INSERT INTO game_info_fts(game_info_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `faction_fts_ai`;
DROP TRIGGER IF EXISTS `faction_fts_ad`;
DROP TRIGGER IF EXISTS `faction_fts_au`;
DROP TABLE IF EXISTS `faction_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `faction_fts` USING fts5(
	name, summary, description, specialty, alignment,
	content='factions', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
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
	tokenize='porter unicode61 remove_diacritics 2'
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
	tokenize='porter unicode61 remove_diacritics 2'
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
	tokenize='porter unicode61 remove_diacritics 2'
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
