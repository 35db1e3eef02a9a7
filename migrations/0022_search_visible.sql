-- Guests' searches see past hidden records: every FTS table ends with a `visibility` column, the
-- word 'hidden' for a record a guest may not see (a draft, an unapproved media item, an inactive
-- faction, spell, unit or hero, and every unit and hero of an inactive faction) and empty for one
-- a guest may see. A guest's search adds `NOT visibility : hidden` to its expression, so the
-- index's newest matches (the window a search reads, see 0040) are visible ones; a visitor's own
-- words never reach the column (the expression excludes it, worker/lib/fts.ts).
-- * Each index's content is a view of its table with the visibility computed, so 'rebuild' and
--   snippet() read the same values the triggers index (FTS5 external content may be a view).
-- * The searched columns keep their order and tokenizer (porter over unicode61, see 0008); the
--   new column comes last, so snippet() and bm25() column numbers are unchanged.
-- * A record is re-indexed whenever its visibility changes (publish, approve, is_active, a unit's
--   or hero's faction) and a faction's units and heroes when the faction is shown, hidden,
--   created (rows imported before their faction) or deleted (its units and heroes go by the
--   foreign key's cascade when the faction is gone, so it marks them hidden first, BEFORE DELETE).
-- * An FTS5 'delete' must name the exact indexed values: each trigger computes the old visibility
--   from the old row and the faction as it stands (a faction's change re-indexes its rows itself).
-- Each table is dropped with its triggers, created again over its view and rebuilt.
--> statement-breakpoint
DROP TRIGGER IF EXISTS `news_fts_ai`;
DROP TRIGGER IF EXISTS `news_fts_ad`;
DROP TRIGGER IF EXISTS `news_fts_au`;
DROP TABLE IF EXISTS `news_fts`;
DROP VIEW IF EXISTS `news_search_rows`;
--> statement-breakpoint
CREATE VIEW `news_search_rows` AS SELECT r.id, r.title, r.summary, r.content,
	CASE WHEN r.is_published = 1 THEN '' ELSE 'hidden' END AS visibility
	FROM `news_articles` r;
--> statement-breakpoint
CREATE VIRTUAL TABLE `news_fts` USING fts5(
	title, summary, content, visibility,
	content='news_search_rows', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `news_fts_ai` AFTER INSERT ON `news_articles` BEGIN
	INSERT INTO news_fts(rowid, title, summary, content, visibility) VALUES (new.id, new.title, new.summary, new.content, CASE WHEN new.is_published = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `news_fts_ad` AFTER DELETE ON `news_articles` BEGIN
	INSERT INTO news_fts(news_fts, rowid, title, summary, content, visibility) VALUES ('delete', old.id, old.title, old.summary, old.content, CASE WHEN old.is_published = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `news_fts_au` AFTER UPDATE OF title, summary, content, is_published ON `news_articles` BEGIN
	INSERT INTO news_fts(news_fts, rowid, title, summary, content, visibility) VALUES ('delete', old.id, old.title, old.summary, old.content, CASE WHEN old.is_published = 1 THEN '' ELSE 'hidden' END);
	INSERT INTO news_fts(rowid, title, summary, content, visibility) VALUES (new.id, new.title, new.summary, new.content, CASE WHEN new.is_published = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
INSERT INTO news_fts(news_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `game_info_fts_ai`;
DROP TRIGGER IF EXISTS `game_info_fts_ad`;
DROP TRIGGER IF EXISTS `game_info_fts_au`;
DROP TABLE IF EXISTS `game_info_fts`;
DROP VIEW IF EXISTS `game_info_search_rows`;
--> statement-breakpoint
CREATE VIEW `game_info_search_rows` AS SELECT r.id, r.title, r.summary, r.content,
	CASE WHEN r.is_published = 1 THEN '' ELSE 'hidden' END AS visibility
	FROM `game_info_articles` r;
--> statement-breakpoint
CREATE VIRTUAL TABLE `game_info_fts` USING fts5(
	title, summary, content, visibility,
	content='game_info_search_rows', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_ai` AFTER INSERT ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(rowid, title, summary, content, visibility) VALUES (new.id, new.title, new.summary, new.content, CASE WHEN new.is_published = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_ad` AFTER DELETE ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(game_info_fts, rowid, title, summary, content, visibility) VALUES ('delete', old.id, old.title, old.summary, old.content, CASE WHEN old.is_published = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_au` AFTER UPDATE OF title, summary, content, is_published ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(game_info_fts, rowid, title, summary, content, visibility) VALUES ('delete', old.id, old.title, old.summary, old.content, CASE WHEN old.is_published = 1 THEN '' ELSE 'hidden' END);
	INSERT INTO game_info_fts(rowid, title, summary, content, visibility) VALUES (new.id, new.title, new.summary, new.content, CASE WHEN new.is_published = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
INSERT INTO game_info_fts(game_info_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `faction_fts_ai`;
DROP TRIGGER IF EXISTS `faction_fts_ad`;
DROP TRIGGER IF EXISTS `faction_fts_au`;
DROP TABLE IF EXISTS `faction_fts`;
DROP VIEW IF EXISTS `faction_search_rows`;
--> statement-breakpoint
CREATE VIEW `faction_search_rows` AS SELECT r.id, r.name, r.summary, r.description, r.specialty, r.alignment,
	CASE WHEN r.is_active = 1 THEN '' ELSE 'hidden' END AS visibility
	FROM `factions` r;
--> statement-breakpoint
CREATE VIRTUAL TABLE `faction_fts` USING fts5(
	name, summary, description, specialty, alignment, visibility,
	content='faction_search_rows', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `faction_fts_ai` AFTER INSERT ON `factions` BEGIN
	INSERT INTO faction_fts(rowid, name, summary, description, specialty, alignment, visibility) VALUES (new.id, new.name, new.summary, new.description, new.specialty, new.alignment, CASE WHEN new.is_active = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `faction_fts_ad` AFTER DELETE ON `factions` BEGIN
	INSERT INTO faction_fts(faction_fts, rowid, name, summary, description, specialty, alignment, visibility) VALUES ('delete', old.id, old.name, old.summary, old.description, old.specialty, old.alignment, CASE WHEN old.is_active = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `faction_fts_au` AFTER UPDATE OF name, summary, description, specialty, alignment, is_active ON `factions` BEGIN
	INSERT INTO faction_fts(faction_fts, rowid, name, summary, description, specialty, alignment, visibility) VALUES ('delete', old.id, old.name, old.summary, old.description, old.specialty, old.alignment, CASE WHEN old.is_active = 1 THEN '' ELSE 'hidden' END);
	INSERT INTO faction_fts(rowid, name, summary, description, specialty, alignment, visibility) VALUES (new.id, new.name, new.summary, new.description, new.specialty, new.alignment, CASE WHEN new.is_active = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
INSERT INTO faction_fts(faction_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `unit_fts_ai`;
DROP TRIGGER IF EXISTS `unit_fts_ad`;
DROP TRIGGER IF EXISTS `unit_fts_au`;
DROP TABLE IF EXISTS `unit_fts`;
DROP VIEW IF EXISTS `unit_search_rows`;
--> statement-breakpoint
CREATE VIEW `unit_search_rows` AS SELECT r.id, r.name, r.summary, r.description, r.unit_type,
	CASE WHEN r.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = r.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END AS visibility
	FROM `units` r;
--> statement-breakpoint
CREATE VIRTUAL TABLE `unit_fts` USING fts5(
	name, summary, description, unit_type, visibility,
	content='unit_search_rows', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `unit_fts_ai` AFTER INSERT ON `units` BEGIN
	INSERT INTO unit_fts(rowid, name, summary, description, unit_type, visibility) VALUES (new.id, new.name, new.summary, new.description, new.unit_type, CASE WHEN new.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = new.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_ad` AFTER DELETE ON `units` BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description, unit_type, visibility) VALUES ('delete', old.id, old.name, old.summary, old.description, old.unit_type, CASE WHEN old.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = old.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_au` AFTER UPDATE OF name, summary, description, unit_type, is_active, faction_id ON `units` BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description, unit_type, visibility) VALUES ('delete', old.id, old.name, old.summary, old.description, old.unit_type, CASE WHEN old.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = old.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END);
	INSERT INTO unit_fts(rowid, name, summary, description, unit_type, visibility) VALUES (new.id, new.name, new.summary, new.description, new.unit_type, CASE WHEN new.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = new.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `unit_fts_faction_ai`;
DROP TRIGGER IF EXISTS `unit_fts_faction_au`;
DROP TRIGGER IF EXISTS `unit_fts_faction_bd`;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_faction_ai` AFTER INSERT ON `factions` WHEN new.is_active = 1 BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description, unit_type, visibility) SELECT 'delete', r.id, r.name, r.summary, r.description, r.unit_type, 'hidden' FROM `units` r WHERE r.faction_id = new.id AND r.is_active = 1;
	INSERT INTO unit_fts(rowid, name, summary, description, unit_type, visibility) SELECT r.id, r.name, r.summary, r.description, r.unit_type, '' FROM `units` r WHERE r.faction_id = new.id AND r.is_active = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_faction_au` AFTER UPDATE OF is_active ON `factions` WHEN old.is_active <> new.is_active BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description, unit_type, visibility) SELECT 'delete', r.id, r.name, r.summary, r.description, r.unit_type, CASE WHEN old.is_active = 1 THEN '' ELSE 'hidden' END FROM `units` r WHERE r.faction_id = new.id AND r.is_active = 1;
	INSERT INTO unit_fts(rowid, name, summary, description, unit_type, visibility) SELECT r.id, r.name, r.summary, r.description, r.unit_type, CASE WHEN new.is_active = 1 THEN '' ELSE 'hidden' END FROM `units` r WHERE r.faction_id = new.id AND r.is_active = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_faction_bd` BEFORE DELETE ON `factions` WHEN old.is_active = 1 BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description, unit_type, visibility) SELECT 'delete', r.id, r.name, r.summary, r.description, r.unit_type, '' FROM `units` r WHERE r.faction_id = old.id AND r.is_active = 1;
	INSERT INTO unit_fts(rowid, name, summary, description, unit_type, visibility) SELECT r.id, r.name, r.summary, r.description, r.unit_type, 'hidden' FROM `units` r WHERE r.faction_id = old.id AND r.is_active = 1;
END;
--> statement-breakpoint
INSERT INTO unit_fts(unit_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `hero_fts_ai`;
DROP TRIGGER IF EXISTS `hero_fts_ad`;
DROP TRIGGER IF EXISTS `hero_fts_au`;
DROP TABLE IF EXISTS `hero_fts`;
DROP VIEW IF EXISTS `hero_search_rows`;
--> statement-breakpoint
CREATE VIEW `hero_search_rows` AS SELECT r.id, r.name, r.title, r.summary, r.biography, r.specialty, r.hero_class, r.hero_type,
	CASE WHEN r.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = r.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END AS visibility
	FROM `heroes` r;
--> statement-breakpoint
CREATE VIRTUAL TABLE `hero_fts` USING fts5(
	name, title, summary, biography, specialty, hero_class, hero_type, visibility,
	content='hero_search_rows', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `hero_fts_ai` AFTER INSERT ON `heroes` BEGIN
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) VALUES (new.id, new.name, new.title, new.summary, new.biography, new.specialty, new.hero_class, new.hero_type, CASE WHEN new.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = new.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_ad` AFTER DELETE ON `heroes` BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) VALUES ('delete', old.id, old.name, old.title, old.summary, old.biography, old.specialty, old.hero_class, old.hero_type, CASE WHEN old.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = old.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_au` AFTER UPDATE OF name, title, summary, biography, specialty, hero_class, hero_type, is_active, faction_id ON `heroes` BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) VALUES ('delete', old.id, old.name, old.title, old.summary, old.biography, old.specialty, old.hero_class, old.hero_type, CASE WHEN old.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = old.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END);
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) VALUES (new.id, new.name, new.title, new.summary, new.biography, new.specialty, new.hero_class, new.hero_type, CASE WHEN new.is_active = 1 AND EXISTS (SELECT 1 FROM factions f WHERE f.id = new.faction_id AND f.is_active = 1) THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `hero_fts_faction_ai`;
DROP TRIGGER IF EXISTS `hero_fts_faction_au`;
DROP TRIGGER IF EXISTS `hero_fts_faction_bd`;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_faction_ai` AFTER INSERT ON `factions` WHEN new.is_active = 1 BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) SELECT 'delete', r.id, r.name, r.title, r.summary, r.biography, r.specialty, r.hero_class, r.hero_type, 'hidden' FROM `heroes` r WHERE r.faction_id = new.id AND r.is_active = 1;
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) SELECT r.id, r.name, r.title, r.summary, r.biography, r.specialty, r.hero_class, r.hero_type, '' FROM `heroes` r WHERE r.faction_id = new.id AND r.is_active = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_faction_au` AFTER UPDATE OF is_active ON `factions` WHEN old.is_active <> new.is_active BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) SELECT 'delete', r.id, r.name, r.title, r.summary, r.biography, r.specialty, r.hero_class, r.hero_type, CASE WHEN old.is_active = 1 THEN '' ELSE 'hidden' END FROM `heroes` r WHERE r.faction_id = new.id AND r.is_active = 1;
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) SELECT r.id, r.name, r.title, r.summary, r.biography, r.specialty, r.hero_class, r.hero_type, CASE WHEN new.is_active = 1 THEN '' ELSE 'hidden' END FROM `heroes` r WHERE r.faction_id = new.id AND r.is_active = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_faction_bd` BEFORE DELETE ON `factions` WHEN old.is_active = 1 BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) SELECT 'delete', r.id, r.name, r.title, r.summary, r.biography, r.specialty, r.hero_class, r.hero_type, '' FROM `heroes` r WHERE r.faction_id = old.id AND r.is_active = 1;
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty, hero_class, hero_type, visibility) SELECT r.id, r.name, r.title, r.summary, r.biography, r.specialty, r.hero_class, r.hero_type, 'hidden' FROM `heroes` r WHERE r.faction_id = old.id AND r.is_active = 1;
END;
--> statement-breakpoint
INSERT INTO hero_fts(hero_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `spell_fts_ai`;
DROP TRIGGER IF EXISTS `spell_fts_ad`;
DROP TRIGGER IF EXISTS `spell_fts_au`;
DROP TABLE IF EXISTS `spell_fts`;
DROP VIEW IF EXISTS `spell_search_rows`;
--> statement-breakpoint
CREATE VIEW `spell_search_rows` AS SELECT r.id, r.name, r.description, r.school,
	CASE WHEN r.is_active = 1 THEN '' ELSE 'hidden' END AS visibility
	FROM `spells` r;
--> statement-breakpoint
CREATE VIRTUAL TABLE `spell_fts` USING fts5(
	name, description, school, visibility,
	content='spell_search_rows', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `spell_fts_ai` AFTER INSERT ON `spells` BEGIN
	INSERT INTO spell_fts(rowid, name, description, school, visibility) VALUES (new.id, new.name, new.description, new.school, CASE WHEN new.is_active = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `spell_fts_ad` AFTER DELETE ON `spells` BEGIN
	INSERT INTO spell_fts(spell_fts, rowid, name, description, school, visibility) VALUES ('delete', old.id, old.name, old.description, old.school, CASE WHEN old.is_active = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `spell_fts_au` AFTER UPDATE OF name, description, school, is_active ON `spells` BEGIN
	INSERT INTO spell_fts(spell_fts, rowid, name, description, school, visibility) VALUES ('delete', old.id, old.name, old.description, old.school, CASE WHEN old.is_active = 1 THEN '' ELSE 'hidden' END);
	INSERT INTO spell_fts(rowid, name, description, school, visibility) VALUES (new.id, new.name, new.description, new.school, CASE WHEN new.is_active = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
INSERT INTO spell_fts(spell_fts) VALUES ('rebuild');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `media_fts_ai`;
DROP TRIGGER IF EXISTS `media_fts_ad`;
DROP TRIGGER IF EXISTS `media_fts_au`;
DROP TABLE IF EXISTS `media_fts`;
DROP VIEW IF EXISTS `media_search_rows`;
--> statement-breakpoint
CREATE VIEW `media_search_rows` AS SELECT r.id, r.title, r.description,
	CASE WHEN r.is_approved = 1 THEN '' ELSE 'hidden' END AS visibility
	FROM `media_items` r;
--> statement-breakpoint
CREATE VIRTUAL TABLE `media_fts` USING fts5(
	title, description, visibility,
	content='media_search_rows', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `media_fts_ai` AFTER INSERT ON `media_items` BEGIN
	INSERT INTO media_fts(rowid, title, description, visibility) VALUES (new.id, new.title, new.description, CASE WHEN new.is_approved = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `media_fts_ad` AFTER DELETE ON `media_items` BEGIN
	INSERT INTO media_fts(media_fts, rowid, title, description, visibility) VALUES ('delete', old.id, old.title, old.description, CASE WHEN old.is_approved = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
CREATE TRIGGER `media_fts_au` AFTER UPDATE OF title, description, is_approved ON `media_items` BEGIN
	INSERT INTO media_fts(media_fts, rowid, title, description, visibility) VALUES ('delete', old.id, old.title, old.description, CASE WHEN old.is_approved = 1 THEN '' ELSE 'hidden' END);
	INSERT INTO media_fts(rowid, title, description, visibility) VALUES (new.id, new.title, new.description, CASE WHEN new.is_approved = 1 THEN '' ELSE 'hidden' END);
END;
--> statement-breakpoint
INSERT INTO media_fts(media_fts) VALUES ('rebuild');
