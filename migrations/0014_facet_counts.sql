-- Counts kept by triggers, per list and per facet value, so a total or a filter's counts read one
-- row per value instead of counting every row (docs/scaling.md §5). `list` names what is counted
-- (for example `news_tag`: published articles per tag), `value` the facet value as text ('' for a
-- list's whole total). Values compare case-insensitively, as the lists' filters do.
-- The triggers that keep each list are in the migrations that use it.
CREATE TABLE IF NOT EXISTS `facet_counts` (
	`list` text NOT NULL,
	`value` text NOT NULL COLLATE NOCASE,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`list`, `value`)
) WITHOUT ROWID;
