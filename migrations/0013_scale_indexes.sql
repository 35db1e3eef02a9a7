-- Indexes for reads that scanned a growing table (tests/worker/query-plans.test.ts, docs/scaling.md §5):
-- the spell book and its filters (active spells by school and level, by type) and the admin
-- dashboard's newest articles, the sitemap's latest article change. Self-contained: only CREATE INDEX IF NOT EXISTS.
CREATE INDEX IF NOT EXISTS `news_created_idx` ON `news_articles` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `news_published_updated_idx` ON `news_articles` (`is_published`,`updated_at`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `spells_active_school_level_idx` ON `spells` (`is_active`,`school`,`level`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `spells_active_type_idx` ON `spells` (`is_active`,`type`);
