-- Indexes for reads that scanned a growing table, and a kept total (tests/worker/query-plans.test.ts, docs/scaling.md §5):
-- the admin dashboard's newest articles and the sitemap's latest article change.
-- Self-contained: only CREATE INDEX IF NOT EXISTS. (Indexes on spells(is_active, ...) were tried
-- and left out: without ANALYZE statistics the planner then drove the faction pages' spell counts
-- from spells instead of faction_spells, 10,842 → 125,128 rows read for /api/faction at 100×.)
CREATE INDEX IF NOT EXISTS `news_created_idx` ON `news_articles` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `news_published_updated_idx` ON `news_articles` (`is_published`,`updated_at`);--> statement-breakpoint
-- Totals kept by triggers, so a list's total reads one row instead of counting every row
-- (docs/scaling.md §5): for now the published news, the total of /api/news, home and /news.
CREATE TABLE IF NOT EXISTS `list_counts` (
	`name` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT OR REPLACE INTO `list_counts` (`name`, `n`) SELECT 'news_published', count(*) FROM `news_articles` WHERE `is_published` = 1;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `list_counts_news_ai` AFTER INSERT ON `news_articles` WHEN new.is_published = 1 BEGIN
	UPDATE `list_counts` SET `n` = `n` + 1 WHERE `name` = 'news_published';
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `list_counts_news_ad` AFTER DELETE ON `news_articles` WHEN old.is_published = 1 BEGIN
	UPDATE `list_counts` SET `n` = `n` - 1 WHERE `name` = 'news_published';
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `list_counts_news_au` AFTER UPDATE OF `is_published` ON `news_articles` WHEN old.is_published <> new.is_published BEGIN
	UPDATE `list_counts` SET `n` = `n` + (new.is_published - old.is_published) WHERE `name` = 'news_published';
END;
