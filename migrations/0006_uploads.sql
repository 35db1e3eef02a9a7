-- Uploads from the browser into R2 (multipart through the Worker). One row per unfinished upload,
-- owned by the user who started it, with what the media item will get on completion; one row per
-- part received (R2's binding cannot list the parts of a multipart upload, so a resumed upload
-- asks D1 which parts are already there). Completing or aborting an upload removes its rows;
-- uploads left unfinished for 24 hours are aborted by the scheduled cleanup.
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`object_key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`file_name` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`part_size` integer NOT NULL,
	`part_count` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category_id` integer,
	`faction_id` integer,
	`poster_key` text,
	`status` text DEFAULT 'uploading' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `media_categories`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`faction_id`) REFERENCES `factions`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "uploads_status" CHECK(status IN ('uploading', 'completing')),
	CONSTRAINT "uploads_content_type" CHECK(content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'video/webm')),
	CONSTRAINT "uploads_sizes" CHECK("uploads"."size" >= 1 AND "uploads"."part_size" >= 1 AND "uploads"."part_count" >= 1),
	CONSTRAINT "uploads_title_len" CHECK(length("uploads"."title") BETWEEN 1 AND 200),
	CONSTRAINT "uploads_file_name_len" CHECK(length("uploads"."file_name") BETWEEN 1 AND 255)
);
--> statement-breakpoint
CREATE INDEX `uploads_user_idx` ON `uploads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_created_idx` ON `uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "upload_parts_number" CHECK("upload_parts"."part_number" BETWEEN 1 AND 10000)
);
