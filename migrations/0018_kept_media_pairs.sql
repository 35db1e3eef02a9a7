-- The gallery's every filter combination kept in one place (docs/decisions/0043-every-gallery-filter-kept.md).
--
-- media_gallery_entries holds one row per approved media item and combination of the gallery's
-- filters the item matches: its key `facet` is `<category>:<faction>:<type>:<featured>`, each
-- part the item's value when that filter is set and '' when it is not ('1' for featured), so an
-- approved item in category 2, faction 7, an image, not featured, has the 8 keys ':::',
-- '2:::', ':7::', '::image:', '2:7::', '2::image:', ':7:image:' and '2:7:image:' (16 when
-- featured; none for a category or faction it has not). Any combination of filters reads its
-- page from one key of media_gallery_entries_order_idx, in the gallery's order (sort order, then
-- newest first, id breaking ties), and its total from one facet_counts row, list 'media_gallery',
-- value the same key. That list replaces 0015's media_approved, media_category, media_faction,
-- media_type and media_category_type (the same counts under the keys ':::', '<id>:::', ':<id>::',
-- '::<type>:' and '<id>::<type>:').
--
-- The triggers on media_items rebuild an item's rows on INSERT, DELETE and UPDATE of every
-- column that changes a key or the order (a category's or faction's deletion sets the item's id
-- to NULL through the foreign key, which is such an UPDATE); the triggers on
-- media_gallery_entries keep facet_counts, a count that reaches 0 losing its row. The 16
-- combinations are the bits of m (1 category, 2 faction, 4 type, 8 featured).

-- 1. The 0015 media counts and the per-filter gallery indexes go (media_gallery_entries serves them).
DROP TRIGGER IF EXISTS `facet_media_ai`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `facet_media_ad`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `facet_media_au`;--> statement-breakpoint
DELETE FROM `facet_counts` WHERE `list` IN ('media_approved', 'media_category', 'media_faction', 'media_type', 'media_category_type', 'media_gallery');--> statement-breakpoint
DROP INDEX IF EXISTS `media_category_gallery_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `media_faction_gallery_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `media_type_gallery_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `media_category_type_gallery_idx`;--> statement-breakpoint

-- 2. The kept gallery: one row per approved item and key, walked by key in the gallery's order.
CREATE TABLE IF NOT EXISTS `media_gallery_entries` (
	`id` integer NOT NULL,
	`facet` text NOT NULL,
	`sort_order` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY (`id`, `facet`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `media_gallery_entries_order_idx` ON `media_gallery_entries` (`facet`, `sort_order`, `created_at` DESC, `id` DESC);--> statement-breakpoint

-- 3. media_items → media_gallery_entries.
CREATE TRIGGER IF NOT EXISTS `media_gallery_entries_ai` AFTER INSERT ON `media_items` WHEN new.is_approved = 1 BEGIN
	INSERT OR IGNORE INTO `media_gallery_entries` (`id`, `facet`, `sort_order`, `created_at`)
		SELECT new.id, iif(m & 1, new.category_id, '') || ':' || iif(m & 2, new.faction_id, '') || ':' || iif(m & 4, new.media_type, '') || ':' || iif(m & 8, '1', ''),
			new.sort_order, new.created_at
		FROM (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
		WHERE ((m & 1) = 0 OR new.category_id IS NOT NULL) AND ((m & 2) = 0 OR new.faction_id IS NOT NULL) AND ((m & 8) = 0 OR new.is_featured = 1);
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `media_gallery_entries_ad` AFTER DELETE ON `media_items` WHEN old.is_approved = 1 BEGIN
	DELETE FROM `media_gallery_entries` WHERE `id` = old.id;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `media_gallery_entries_au` AFTER UPDATE OF `is_approved`, `is_featured`, `category_id`, `faction_id`, `media_type`, `sort_order`, `created_at`, `id` ON `media_items`
	WHEN old.is_approved IS NOT new.is_approved OR old.is_featured IS NOT new.is_featured OR old.category_id IS NOT new.category_id
		OR old.faction_id IS NOT new.faction_id OR old.media_type IS NOT new.media_type OR old.sort_order IS NOT new.sort_order
		OR old.created_at IS NOT new.created_at OR old.id IS NOT new.id BEGIN
	DELETE FROM `media_gallery_entries` WHERE `id` = old.id;
	INSERT OR IGNORE INTO `media_gallery_entries` (`id`, `facet`, `sort_order`, `created_at`)
		SELECT new.id, iif(m & 1, new.category_id, '') || ':' || iif(m & 2, new.faction_id, '') || ':' || iif(m & 4, new.media_type, '') || ':' || iif(m & 8, '1', ''),
			new.sort_order, new.created_at
		FROM (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
		WHERE new.is_approved = 1 AND ((m & 1) = 0 OR new.category_id IS NOT NULL) AND ((m & 2) = 0 OR new.faction_id IS NOT NULL) AND ((m & 8) = 0 OR new.is_featured = 1);
END;--> statement-breakpoint

-- 4. media_gallery_entries → facet_counts ('media_gallery', key).
CREATE TRIGGER IF NOT EXISTS `facet_media_gallery_ai` AFTER INSERT ON `media_gallery_entries` BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`) VALUES ('media_gallery', new.facet, 1) ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_media_gallery_ad` AFTER DELETE ON `media_gallery_entries` BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE `list` = 'media_gallery' AND `value` = old.facet;
	DELETE FROM `facet_counts` WHERE `list` = 'media_gallery' AND `value` = old.facet AND `n` <= 0;
END;--> statement-breakpoint

-- 5. Backfill for existing databases (inserting runs the trigger above, which counts).
DELETE FROM `media_gallery_entries`;--> statement-breakpoint
INSERT OR IGNORE INTO `media_gallery_entries` (`id`, `facet`, `sort_order`, `created_at`)
	SELECT i.`id`, iif(m & 1, i.`category_id`, '') || ':' || iif(m & 2, i.`faction_id`, '') || ':' || iif(m & 4, i.`media_type`, '') || ':' || iif(m & 8, '1', ''),
		i.`sort_order`, i.`created_at`
	FROM `media_items` i, (SELECT column1 AS m FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)))
	WHERE i.`is_approved` = 1 AND ((m & 1) = 0 OR i.`category_id` IS NOT NULL) AND ((m & 2) = 0 OR i.`faction_id` IS NOT NULL) AND ((m & 8) = 0 OR i.`is_featured` = 1);
