-- Kept counts of the public news and media reads, all in facet_counts (migration 0014), kept by
-- triggers through INSERT, UPDATE of every column that changes membership, and DELETE, whether
-- the write comes through the API or straight in SQL (docs/scaling.md §5). A count that drops to
-- 0 loses its row, so no filter offers a value nothing has.
--
--   news_published ''          published articles (moved here from list_counts, which goes)
--   news_tag       <tag>       published articles per tag, case-insensitively (the tag filter's
--                              comparison); the row keeps the smallest spelling seen
--   news_author    <author>    published articles per author, case-insensitively
--   media_approved ''          approved (public) media items
--   media_category <id>        approved items per category id
--   media_faction  <id>        approved items per faction id
--   media_type     <type>      approved items per media type
--   news_tag_author <tag>\x1F<author>  published articles per tag and author (the news page's two
--                              filters together), case-insensitively
--   media_category_type <id>:<type>  approved items per category and type (the gallery's two
--                              filters together)
--
-- published_news_tags is the tag filter's ordered index: one row per published article and tag
-- (case-insensitively), in the list's order, so a tag's page walks only its own rows instead of
-- every article (docs/decisions/0036-kept-counts-and-list-depth.md). Its own triggers keep the
-- news_tag counts.

-- 1. list_counts folds into facet_counts.
DROP TRIGGER IF EXISTS `list_counts_news_ai`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `list_counts_news_ad`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `list_counts_news_au`;--> statement-breakpoint
DROP TABLE IF EXISTS `list_counts`;--> statement-breakpoint

-- 2. Indexes the filtered pages walk in the list's order.
-- The author filter compares case-insensitively; this index serves it in published order.
CREATE INDEX IF NOT EXISTS `news_author_published_idx` ON `news_articles` (`author` COLLATE NOCASE, `is_published`, `published_at`, `id`);--> statement-breakpoint
-- An article's tags in their stored order (each list row's tags, without a sort per row).
CREATE INDEX IF NOT EXISTS `news_tags_article_order_idx` ON `news_tags` (`article_id`, `position`, `tag`);--> statement-breakpoint
-- The gallery in its exact order (sortOrder, then newest first, id breaking ties), so a page walks
-- the index without sorting; and filtered by one category, faction or type, in the same order.
DROP INDEX IF EXISTS `media_gallery_idx`;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `media_gallery_idx` ON `media_items` (`is_approved`, `sort_order`, `created_at` DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `media_category_gallery_idx` ON `media_items` (`category_id`, `is_approved`, `sort_order`, `created_at` DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `media_faction_gallery_idx` ON `media_items` (`faction_id`, `is_approved`, `sort_order`, `created_at` DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `media_type_gallery_idx` ON `media_items` (`media_type`, `is_approved`, `sort_order`, `created_at` DESC, `id` DESC);--> statement-breakpoint

CREATE TABLE IF NOT EXISTS `published_news_tags` (
	`tag` text NOT NULL COLLATE NOCASE,
	`published_at` text NOT NULL,
	`article_id` integer NOT NULL,
	`author` text NOT NULL COLLATE NOCASE,
	PRIMARY KEY (`tag`, `published_at`, `article_id`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `published_news_tags_article_idx` ON `published_news_tags` (`article_id`);--> statement-breakpoint
-- A tag and an author together (both news filters), in the list's order.
CREATE INDEX IF NOT EXISTS `published_news_tags_author_idx` ON `published_news_tags` (`tag`, `author`, `published_at`, `article_id`);--> statement-breakpoint
-- The gallery filtered by a category and a type together, in its order.
CREATE INDEX IF NOT EXISTS `media_category_type_gallery_idx` ON `media_items` (`category_id`, `media_type`, `is_approved`, `sort_order`, `created_at` DESC, `id` DESC);--> statement-breakpoint

-- 3. News: the published total and the per-author counts, from news_articles.
CREATE TRIGGER IF NOT EXISTS `facet_news_ai` AFTER INSERT ON `news_articles` WHEN new.is_published = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES ('news_published', '', 1) ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES ('news_author', new.author, 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1, `value` = min(`value` COLLATE BINARY, excluded.`value` COLLATE BINARY);
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_news_ad` AFTER DELETE ON `news_articles` WHEN old.is_published = 1 BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE (`list` = 'news_published' AND `value` = '') OR (`list` = 'news_author' AND `value` = old.author);
	DELETE FROM `facet_counts` WHERE `list` = 'news_author' AND `value` = old.author AND `n` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_news_au` AFTER UPDATE OF `is_published`, `author` ON `news_articles`
	WHEN old.is_published IS NOT new.is_published OR old.author IS NOT new.author BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE old.is_published = 1 AND ((`list` = 'news_published' AND `value` = '') OR (`list` = 'news_author' AND `value` = old.author));
	DELETE FROM `facet_counts` WHERE old.is_published = 1 AND `list` = 'news_author' AND `value` = old.author AND `n` <= 0;
	INSERT INTO `facet_counts` (`list`, `value`, `n`) SELECT 'news_published', '', 1 WHERE new.is_published = 1
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `facet_counts` (`list`, `value`, `n`) SELECT 'news_author', new.author, 1 WHERE new.is_published = 1
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1, `value` = min(`value` COLLATE BINARY, excluded.`value` COLLATE BINARY);
END;--> statement-breakpoint

-- 4. News tags: published_news_tags follows news_tags and the article's published state and date.
CREATE TRIGGER IF NOT EXISTS `published_news_tags_ti` AFTER INSERT ON `news_tags` BEGIN
	INSERT OR IGNORE INTO `published_news_tags` (`tag`, `published_at`, `article_id`, `author`)
		SELECT new.tag, coalesce(`published_at`, ''), `id`, `author` FROM `news_articles` WHERE `id` = new.article_id AND `is_published` = 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `published_news_tags_td` AFTER DELETE ON `news_tags` BEGIN
	DELETE FROM `published_news_tags` WHERE `article_id` = old.article_id AND `tag` = old.tag
		AND NOT EXISTS (SELECT 1 FROM `news_tags` WHERE `article_id` = old.article_id AND `tag` = old.tag COLLATE NOCASE);
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `published_news_tags_tu` AFTER UPDATE OF `tag`, `article_id` ON `news_tags` BEGIN
	DELETE FROM `published_news_tags` WHERE `article_id` = old.article_id AND `tag` = old.tag
		AND NOT EXISTS (SELECT 1 FROM `news_tags` WHERE `article_id` = old.article_id AND `tag` = old.tag COLLATE NOCASE);
	INSERT OR IGNORE INTO `published_news_tags` (`tag`, `published_at`, `article_id`, `author`)
		SELECT new.tag, coalesce(`published_at`, ''), `id`, `author` FROM `news_articles` WHERE `id` = new.article_id AND `is_published` = 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `published_news_tags_au` AFTER UPDATE OF `is_published`, `published_at`, `author`, `id` ON `news_articles`
	WHEN old.is_published IS NOT new.is_published OR old.published_at IS NOT new.published_at OR old.author IS NOT new.author
		OR old.id IS NOT new.id BEGIN
	DELETE FROM `published_news_tags` WHERE `article_id` = old.id;
	INSERT OR IGNORE INTO `published_news_tags` (`tag`, `published_at`, `article_id`, `author`)
		SELECT `tag`, coalesce(new.published_at, ''), new.id, new.author FROM `news_tags` WHERE `article_id` = new.id AND new.is_published = 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `published_news_tags_ad` AFTER DELETE ON `news_articles` BEGIN
	DELETE FROM `published_news_tags` WHERE `article_id` = old.id;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_news_tag_ai` AFTER INSERT ON `published_news_tags` BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES ('news_tag', new.tag, 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1, `value` = min(`value` COLLATE BINARY, excluded.`value` COLLATE BINARY);
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES ('news_tag_author', new.tag || char(31) || new.author, 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_news_tag_ad` AFTER DELETE ON `published_news_tags` BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1
		WHERE (`list` = 'news_tag' AND `value` = old.tag) OR (`list` = 'news_tag_author' AND `value` = old.tag || char(31) || old.author);
	DELETE FROM `facet_counts` WHERE `n` <= 0
		AND ((`list` = 'news_tag' AND `value` = old.tag) OR (`list` = 'news_tag_author' AND `value` = old.tag || char(31) || old.author));
END;--> statement-breakpoint

-- 5. Media: approved items in total and per category, faction and type.
CREATE TRIGGER IF NOT EXISTS `facet_media_ai` AFTER INSERT ON `media_items` WHEN new.is_approved = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT * FROM (SELECT 'media_approved', '', 1
			UNION ALL SELECT 'media_category', CAST(new.category_id AS TEXT), 1 WHERE new.category_id IS NOT NULL
			UNION ALL SELECT 'media_faction', CAST(new.faction_id AS TEXT), 1 WHERE new.faction_id IS NOT NULL
			UNION ALL SELECT 'media_type', new.media_type, 1
			UNION ALL SELECT 'media_category_type', CAST(new.category_id AS TEXT) || ':' || new.media_type, 1 WHERE new.category_id IS NOT NULL) WHERE true
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_media_ad` AFTER DELETE ON `media_items` WHEN old.is_approved = 1 BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE (`list` = 'media_approved' AND `value` = '')
		OR (`list` = 'media_category' AND `value` = CAST(old.category_id AS TEXT))
		OR (`list` = 'media_faction' AND `value` = CAST(old.faction_id AS TEXT))
		OR (`list` = 'media_type' AND `value` = old.media_type)
		OR (`list` = 'media_category_type' AND `value` = CAST(old.category_id AS TEXT) || ':' || old.media_type);
	DELETE FROM `facet_counts` WHERE `n` <= 0 AND ((`list` = 'media_category' AND `value` = CAST(old.category_id AS TEXT))
		OR (`list` = 'media_faction' AND `value` = CAST(old.faction_id AS TEXT))
		OR (`list` = 'media_type' AND `value` = old.media_type)
		OR (`list` = 'media_category_type' AND `value` = CAST(old.category_id AS TEXT) || ':' || old.media_type));
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_media_au` AFTER UPDATE OF `is_approved`, `category_id`, `faction_id`, `media_type` ON `media_items`
	WHEN old.is_approved IS NOT new.is_approved OR old.category_id IS NOT new.category_id
		OR old.faction_id IS NOT new.faction_id OR old.media_type IS NOT new.media_type BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE old.is_approved = 1 AND ((`list` = 'media_approved' AND `value` = '')
		OR (`list` = 'media_category' AND `value` = CAST(old.category_id AS TEXT))
		OR (`list` = 'media_faction' AND `value` = CAST(old.faction_id AS TEXT))
		OR (`list` = 'media_type' AND `value` = old.media_type)
		OR (`list` = 'media_category_type' AND `value` = CAST(old.category_id AS TEXT) || ':' || old.media_type));
	DELETE FROM `facet_counts` WHERE old.is_approved = 1 AND `n` <= 0 AND ((`list` = 'media_category' AND `value` = CAST(old.category_id AS TEXT))
		OR (`list` = 'media_faction' AND `value` = CAST(old.faction_id AS TEXT))
		OR (`list` = 'media_type' AND `value` = old.media_type)
		OR (`list` = 'media_category_type' AND `value` = CAST(old.category_id AS TEXT) || ':' || old.media_type));
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT * FROM (SELECT 'media_approved', '', 1
			UNION ALL SELECT 'media_category', CAST(new.category_id AS TEXT), 1 WHERE new.category_id IS NOT NULL
			UNION ALL SELECT 'media_faction', CAST(new.faction_id AS TEXT), 1 WHERE new.faction_id IS NOT NULL
			UNION ALL SELECT 'media_type', new.media_type, 1
			UNION ALL SELECT 'media_category_type', CAST(new.category_id AS TEXT) || ':' || new.media_type, 1 WHERE new.category_id IS NOT NULL) WHERE new.is_approved = 1
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint

-- 6. Backfill for existing databases (the triggers above keep them from here on).
DELETE FROM `facet_counts` WHERE `list` IN ('news_published', 'news_tag', 'news_author', 'news_tag_author', 'media_approved', 'media_category', 'media_faction', 'media_type', 'media_category_type');--> statement-breakpoint
DELETE FROM `published_news_tags`;--> statement-breakpoint
INSERT OR IGNORE INTO `published_news_tags` (`tag`, `published_at`, `article_id`, `author`)
	SELECT t.`tag`, coalesce(a.`published_at`, ''), a.`id`, a.`author` FROM `news_tags` t JOIN `news_articles` a ON a.`id` = t.`article_id`
	WHERE a.`is_published` = 1 ORDER BY t.`tag` COLLATE BINARY;--> statement-breakpoint
-- Inserting into published_news_tags ran its trigger, so news_tag and news_tag_author are kept already; the smallest
-- spelling came first (ORDER BY above). The rest are counted here.
INSERT INTO `facet_counts` (`list`, `value`, `n`) SELECT 'news_published', '', count(*) FROM `news_articles` WHERE `is_published` = 1;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'news_author', min(`author`), count(*) FROM `news_articles` WHERE `is_published` = 1 GROUP BY `author` COLLATE NOCASE;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`) SELECT 'media_approved', '', count(*) FROM `media_items` WHERE `is_approved` = 1;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'media_category', CAST(`category_id` AS TEXT), count(*) FROM `media_items` WHERE `is_approved` = 1 AND `category_id` IS NOT NULL GROUP BY `category_id`;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'media_faction', CAST(`faction_id` AS TEXT), count(*) FROM `media_items` WHERE `is_approved` = 1 AND `faction_id` IS NOT NULL GROUP BY `faction_id`;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'media_type', `media_type`, count(*) FROM `media_items` WHERE `is_approved` = 1 GROUP BY `media_type`;;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'media_category_type', CAST(`category_id` AS TEXT) || ':' || `media_type`, count(*) FROM `media_items`
	WHERE `is_approved` = 1 AND `category_id` IS NOT NULL GROUP BY `category_id`, `media_type`;
