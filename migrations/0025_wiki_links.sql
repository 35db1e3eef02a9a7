-- Wiki links and stat cards of guide and news bodies (docs/design/wiki.md), and NOCASE indexes
-- on the names a link by name is looked up by.
CREATE TABLE `wiki_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source_type` text NOT NULL,
	`source_id` integer NOT NULL,
	`kind` text NOT NULL,
	`ref_key` text NOT NULL,
	`ref_type` text,
	`ref_name` text,
	`target_type` text,
	`target_id` integer,
	`ambiguous` integer DEFAULT false NOT NULL,
	`text` text NOT NULL,
	CONSTRAINT "wiki_links_source_type" CHECK(source_type IN ('guide', 'news')),
	CONSTRAINT "wiki_links_kind" CHECK("wiki_links"."kind" IN ('link', 'card'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wiki_links_source_ref_unique` ON `wiki_links` (`source_type`,`source_id`,`kind`,`ref_key`);--> statement-breakpoint
CREATE INDEX `wiki_links_target_idx` ON `wiki_links` (`target_type`,`target_id`,`source_type`,`source_id`);--> statement-breakpoint
CREATE INDEX `wiki_links_unresolved_idx` ON `wiki_links` ("ref_name" COLLATE NOCASE) WHERE "wiki_links"."target_id" IS NULL;--> statement-breakpoint
CREATE INDEX `factions_name_nocase_idx` ON `factions` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `game_info_title_nocase_idx` ON `game_info_articles` ("title" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `heroes_name_nocase_idx` ON `heroes` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `spells_name_nocase_idx` ON `spells` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `units_name_nocase_idx` ON `units` ("name" COLLATE NOCASE);
--> statement-breakpoint
-- What a link by name resolves to follows the records (docs/design/wiki.md): a record created or
-- renamed takes the links by name that matched nothing and now match it (a guide by its title or
-- slug); a deleted record's links by name match nothing again, and its links by id stay, shown
-- as broken. A renamed record keeps the links it had, so a link by its old name still works.
CREATE TRIGGER `wiki_links_units_ai` AFTER INSERT ON `units` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'unit', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'unit' OR `ref_type` IS NULL) AND (`ref_name` = new.`name` COLLATE NOCASE);
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_units_au` AFTER UPDATE OF `name` ON `units` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'unit', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'unit' OR `ref_type` IS NULL) AND (`ref_name` = new.`name` COLLATE NOCASE);
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_units_ad` AFTER DELETE ON `units` BEGIN
	UPDATE `wiki_links` SET `target_type` = NULL, `target_id` = NULL WHERE `target_type` = 'unit' AND `target_id` = old.`id` AND `ref_name` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_heroes_ai` AFTER INSERT ON `heroes` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'hero', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'hero' OR `ref_type` IS NULL) AND (`ref_name` = new.`name` COLLATE NOCASE);
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_heroes_au` AFTER UPDATE OF `name` ON `heroes` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'hero', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'hero' OR `ref_type` IS NULL) AND (`ref_name` = new.`name` COLLATE NOCASE);
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_heroes_ad` AFTER DELETE ON `heroes` BEGIN
	UPDATE `wiki_links` SET `target_type` = NULL, `target_id` = NULL WHERE `target_type` = 'hero' AND `target_id` = old.`id` AND `ref_name` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_spells_ai` AFTER INSERT ON `spells` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'spell', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'spell' OR `ref_type` IS NULL) AND (`ref_name` = new.`name` COLLATE NOCASE);
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_spells_au` AFTER UPDATE OF `name` ON `spells` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'spell', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'spell' OR `ref_type` IS NULL) AND (`ref_name` = new.`name` COLLATE NOCASE);
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_spells_ad` AFTER DELETE ON `spells` BEGIN
	UPDATE `wiki_links` SET `target_type` = NULL, `target_id` = NULL WHERE `target_type` = 'spell' AND `target_id` = old.`id` AND `ref_name` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_factions_ai` AFTER INSERT ON `factions` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'faction', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'faction' OR `ref_type` IS NULL) AND (`ref_name` = new.`name` COLLATE NOCASE);
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_factions_au` AFTER UPDATE OF `name` ON `factions` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'faction', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'faction' OR `ref_type` IS NULL) AND (`ref_name` = new.`name` COLLATE NOCASE);
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_factions_ad` AFTER DELETE ON `factions` BEGIN
	UPDATE `wiki_links` SET `target_type` = NULL, `target_id` = NULL WHERE `target_type` = 'faction' AND `target_id` = old.`id` AND `ref_name` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_game_info_articles_ai` AFTER INSERT ON `game_info_articles` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'guide', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'guide' OR `ref_type` IS NULL) AND (`ref_name` = new.`title` COLLATE NOCASE OR (`ref_type` = 'guide' AND `ref_name` = new.`slug` COLLATE NOCASE));
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_game_info_articles_au` AFTER UPDATE OF `title`, `slug` ON `game_info_articles` BEGIN
	UPDATE `wiki_links` SET `target_type` = 'guide', `target_id` = new.`id` WHERE `target_id` IS NULL AND (`ref_type` = 'guide' OR `ref_type` IS NULL) AND (`ref_name` = new.`title` COLLATE NOCASE OR (`ref_type` = 'guide' AND `ref_name` = new.`slug` COLLATE NOCASE));
END;
--> statement-breakpoint
CREATE TRIGGER `wiki_links_game_info_articles_ad` AFTER DELETE ON `game_info_articles` BEGIN
	UPDATE `wiki_links` SET `target_type` = NULL, `target_id` = NULL WHERE `target_type` = 'guide' AND `target_id` = old.`id` AND `ref_name` IS NOT NULL;
	DELETE FROM `wiki_links` WHERE `source_type` = 'guide' AND `source_id` = old.`id`;
END;
--> statement-breakpoint
-- A deleted news article takes its links along (a guide's are removed above).
CREATE TRIGGER `wiki_links_news_articles_ad` AFTER DELETE ON `news_articles` BEGIN
	DELETE FROM `wiki_links` WHERE `source_type` = 'news' AND `source_id` = old.`id`;
END;
