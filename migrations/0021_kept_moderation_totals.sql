-- Kept totals of the moderators' lists (docs/decisions/0045-kept-moderation-totals.md), in
-- facet_counts (migration 0014), kept by triggers through INSERT, UPDATE of every column that
-- changes membership, and DELETE, whether the write comes through the API or straight in SQL.
--
--   media_pending  <key>   unapproved items not rejected, per combination of the gallery's filters
--   media_rejected <key>   unapproved items rejected (rejected_at set), per combination
--   unit_all       ''      every unit, hidden (inactive) ones too
--   unit_all_faction <id> every unit per faction (a moderator's deep page starts at its faction)
--
-- <key> is the gallery's key `<category>:<faction>:<type>:<featured>` (migration 0018), so ':::'
-- is a state's whole total and any combination of filters reads one row per state; approved
-- items keep theirs in 'media_gallery' (migration 0018). The 16 combinations are the bits of m
-- (1 category, 2 faction, 4 type, 8 featured), as there. A count that reaches 0 loses its row
-- (media) or is left at 0 (the unit totals, which no filter offers), so no filter offers a value
-- nothing has.
--
-- media_order_idx is the media manager's order over every moderation state (sort order, then
-- newest first, id breaking ties), media_state_order_idx the same within one state: an
-- unfiltered page, or one state's, walks its offset and limit in index entries instead of sorting
-- or testing every item.

-- 1. The order of every item, whatever its state.
CREATE INDEX IF NOT EXISTS `media_order_idx` ON `media_items` (`sort_order`, `created_at` DESC, `id` DESC);--> statement-breakpoint
-- One moderation state in the same order: approved, pending (rejected_at NULL) or rejected, so a
-- state's page walks its own items (the list compares `(rejected_at IS NULL) = 1` or `= 0`).
CREATE INDEX IF NOT EXISTS `media_state_order_idx` ON `media_items` (`is_approved`, (`rejected_at` IS NULL), `sort_order`, `created_at` DESC, `id` DESC);--> statement-breakpoint

-- 2. media_items → facet_counts ('media_pending' / 'media_rejected', key).
CREATE TRIGGER IF NOT EXISTS `facet_media_state_ai` AFTER INSERT ON `media_items` WHEN new.is_approved = 0 BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT iif(new.rejected_at IS NULL, 'media_pending', 'media_rejected'),
			iif(m & 1, new.category_id, '') || ':' || iif(m & 2, new.faction_id, '') || ':' || iif(m & 4, new.media_type, '') || ':' || iif(m & 8, '1', ''), 1
		FROM (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
		WHERE ((m & 1) = 0 OR new.category_id IS NOT NULL) AND ((m & 2) = 0 OR new.faction_id IS NOT NULL) AND ((m & 8) = 0 OR new.is_featured = 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_media_state_ad` AFTER DELETE ON `media_items` WHEN old.is_approved = 0 BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE `list` = iif(old.rejected_at IS NULL, 'media_pending', 'media_rejected') AND `value` IN (
		SELECT iif(m & 1, old.category_id, '') || ':' || iif(m & 2, old.faction_id, '') || ':' || iif(m & 4, old.media_type, '') || ':' || iif(m & 8, '1', '')
		FROM (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
		WHERE ((m & 1) = 0 OR old.category_id IS NOT NULL) AND ((m & 2) = 0 OR old.faction_id IS NOT NULL) AND ((m & 8) = 0 OR old.is_featured = 1));
	DELETE FROM `facet_counts` WHERE old.is_approved = 0 AND `list` = iif(old.rejected_at IS NULL, 'media_pending', 'media_rejected') AND `n` <= 0 AND `value` IN (
		SELECT iif(m & 1, old.category_id, '') || ':' || iif(m & 2, old.faction_id, '') || ':' || iif(m & 4, old.media_type, '') || ':' || iif(m & 8, '1', '')
		FROM (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
		WHERE ((m & 1) = 0 OR old.category_id IS NOT NULL) AND ((m & 2) = 0 OR old.faction_id IS NOT NULL) AND ((m & 8) = 0 OR old.is_featured = 1));
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_media_state_au` AFTER UPDATE OF `is_approved`, `rejected_at`, `is_featured`, `category_id`, `faction_id`, `media_type` ON `media_items`
	WHEN (old.is_approved = 0 OR new.is_approved = 0) AND (old.is_approved IS NOT new.is_approved OR (old.rejected_at IS NULL) IS NOT (new.rejected_at IS NULL)
		OR old.is_featured IS NOT new.is_featured OR old.category_id IS NOT new.category_id OR old.faction_id IS NOT new.faction_id
		OR old.media_type IS NOT new.media_type) BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE old.is_approved = 0 AND `list` = iif(old.rejected_at IS NULL, 'media_pending', 'media_rejected') AND `value` IN (
		SELECT iif(m & 1, old.category_id, '') || ':' || iif(m & 2, old.faction_id, '') || ':' || iif(m & 4, old.media_type, '') || ':' || iif(m & 8, '1', '')
		FROM (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
		WHERE ((m & 1) = 0 OR old.category_id IS NOT NULL) AND ((m & 2) = 0 OR old.faction_id IS NOT NULL) AND ((m & 8) = 0 OR old.is_featured = 1));
	DELETE FROM `facet_counts` WHERE old.is_approved = 0 AND `list` = iif(old.rejected_at IS NULL, 'media_pending', 'media_rejected') AND `n` <= 0 AND `value` IN (
		SELECT iif(m & 1, old.category_id, '') || ':' || iif(m & 2, old.faction_id, '') || ':' || iif(m & 4, old.media_type, '') || ':' || iif(m & 8, '1', '')
		FROM (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
		WHERE ((m & 1) = 0 OR old.category_id IS NOT NULL) AND ((m & 2) = 0 OR old.faction_id IS NOT NULL) AND ((m & 8) = 0 OR old.is_featured = 1));
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT iif(new.rejected_at IS NULL, 'media_pending', 'media_rejected'),
			iif(m & 1, new.category_id, '') || ':' || iif(m & 2, new.faction_id, '') || ':' || iif(m & 4, new.media_type, '') || ':' || iif(m & 8, '1', ''), 1
		FROM (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
		WHERE new.is_approved = 0 AND ((m & 1) = 0 OR new.category_id IS NOT NULL) AND ((m & 2) = 0 OR new.faction_id IS NOT NULL) AND ((m & 8) = 0 OR new.is_featured = 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint

-- 3. units → facet_counts ('unit_all', '' and 'unit_all_faction', faction id): every unit, whatever its flag.
CREATE TRIGGER IF NOT EXISTS `facet_units_all_ai` AFTER INSERT ON `units` BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES ('unit_all', '', 1), ('unit_all_faction', CAST(new.faction_id AS TEXT), 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_units_all_ad` AFTER DELETE ON `units` BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE (`list` = 'unit_all' AND `value` = '') OR (`list` = 'unit_all_faction' AND `value` = CAST(old.faction_id AS TEXT));
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_units_all_au` AFTER UPDATE OF `faction_id` ON `units` WHEN old.faction_id IS NOT new.faction_id BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE `list` = 'unit_all_faction' AND `value` = CAST(old.faction_id AS TEXT);
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES ('unit_all_faction', CAST(new.faction_id AS TEXT), 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint

-- 4. Backfill for existing databases (the triggers above keep them from here on).
DELETE FROM `facet_counts` WHERE `list` IN ('media_pending', 'media_rejected', 'unit_all', 'unit_all_faction');--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT iif(i.`rejected_at` IS NULL, 'media_pending', 'media_rejected'),
		iif(m & 1, i.`category_id`, '') || ':' || iif(m & 2, i.`faction_id`, '') || ':' || iif(m & 4, i.`media_type`, '') || ':' || iif(m & 8, '1', ''), count(*)
	FROM `media_items` i, (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
	WHERE i.`is_approved` = 0 AND ((m & 1) = 0 OR i.`category_id` IS NOT NULL) AND ((m & 2) = 0 OR i.`faction_id` IS NOT NULL) AND ((m & 8) = 0 OR i.`is_featured` = 1)
	GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_all', '', count(*) FROM `units`;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`) SELECT 'unit_all_faction', CAST(`faction_id` AS TEXT), count(*) FROM `units` GROUP BY `faction_id`;
