-- Indexes for reads that scanned a growing table (tests/worker/query-plans.test.ts, docs/scaling.md §5):
-- the admin dashboard's newest articles and the sitemap's latest article change.
-- Self-contained: only CREATE INDEX IF NOT EXISTS. (Indexes on spells(is_active, ...) were tried
-- and left out: without ANALYZE statistics the planner then drove the faction pages' spell counts
-- from spells instead of faction_spells, 10,842 → 125,128 rows read for /api/faction at 100×.)
CREATE INDEX IF NOT EXISTS `news_created_idx` ON `news_articles` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `news_published_updated_idx` ON `news_articles` (`is_published`,`updated_at`);
