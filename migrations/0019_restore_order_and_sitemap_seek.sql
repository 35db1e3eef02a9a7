-- Kept tables right whatever order their rows arrive in, and the sitemap index's seek past drafts.
--
-- 1. A restore from an export (`wrangler d1 execute --file`) inserts tables in name order with
--    foreign keys deferred: faction_spells before spells, and possibly news_tags before their
--    articles. The triggers of 0015 and 0016 count a link or a tag only when its parent is already
--    there, so the parent's insert now counts the rows that arrived before it. In the site's own
--    writes a parent comes first and these find nothing.
CREATE TRIGGER IF NOT EXISTS `facet_counts_spells_links_ai` AFTER INSERT ON `spells` WHEN new.is_active = 1 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'spell_faction', fs.faction_id, 1 FROM `faction_spells` fs WHERE fs.spell_id = new.id
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `published_news_tags_ai` AFTER INSERT ON `news_articles` WHEN new.is_published = 1 BEGIN
	INSERT OR IGNORE INTO `published_news_tags` (`tag`, `published_at`, `article_id`, `author`)
		SELECT `tag`, coalesce(new.published_at, ''), new.id, new.author FROM `news_tags` WHERE `article_id` = new.id;
END;--> statement-breakpoint
-- 2. The sitemap index finds each id range holding a published article by seeking the next
--    published id (docs/decisions/0041). Along the primary key that seek steps over every draft
--    in between: a run of drafts newer than the last published article (a moderator's queue) was
--    read whole on every miss. The published ids, in order, make it one row per range.
CREATE INDEX IF NOT EXISTS `news_published_id_idx` ON `news_articles` (`id`) WHERE `is_published` = 1;
