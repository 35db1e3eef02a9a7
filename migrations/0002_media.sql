-- Media: the last thumbnail error of an item (shown to moderators, copied into
-- thumbnail_failures when the job gives up), one row per visitor, item and day for view
-- counting, and indexes that let /files/* find the item an R2 key belongs to.
ALTER TABLE `media_items` ADD `thumbnail_error` text;--> statement-breakpoint
CREATE TABLE `media_views` (
	`media_id` integer NOT NULL,
	`visitor` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`media_id`, `visitor`, `day`),
	FOREIGN KEY (`media_id`) REFERENCES `media_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_views_day_idx` ON `media_views` (`day`);--> statement-breakpoint
CREATE INDEX `media_original_key_idx` ON `media_items` (`original_key`);--> statement-breakpoint
CREATE INDEX `media_large_key_idx` ON `media_items` (`large_key`);--> statement-breakpoint
CREATE INDEX `media_large_webp_key_idx` ON `media_items` (`large_webp_key`);--> statement-breakpoint
CREATE INDEX `media_thumbnail_key_idx` ON `media_items` (`thumbnail_key`);--> statement-breakpoint
CREATE INDEX `media_thumbnail_webp_key_idx` ON `media_items` (`thumbnail_webp_key`);--> statement-breakpoint
CREATE INDEX `media_poster_key_idx` ON `media_items` (`poster_key`);
