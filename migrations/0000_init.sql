CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_action" CHECK(action IN ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_user_idx` ON `audit_log` (`user_id`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `email_outbox_unsent_idx` ON `email_outbox` (`sent_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `faction_spells` (
	`faction_id` integer NOT NULL,
	`spell_id` integer NOT NULL,
	PRIMARY KEY(`faction_id`, `spell_id`),
	FOREIGN KEY (`faction_id`) REFERENCES `factions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`spell_id`) REFERENCES `spells`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `faction_spells_spell_idx` ON `faction_spells` (`spell_id`);--> statement-breakpoint
CREATE TABLE `factions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`alignment` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`specialty` text DEFAULT '' NOT NULL,
	`logo_url` text,
	`background_url` text,
	`banner_url` text,
	`starting_resources` text,
	`faction_bonuses` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "factions_alignment" CHECK(alignment IN ('Order', 'Chaos', 'Neutral')),
	CONSTRAINT "factions_name_len" CHECK(length("factions"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `factions_name_unique` ON `factions` (`name`);--> statement-breakpoint
CREATE INDEX `factions_active_sort_idx` ON `factions` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `game_info_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`category` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`image_url` text,
	`author` text DEFAULT '' NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`published_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "game_info_title_len" CHECK(length("game_info_articles"."title") BETWEEN 1 AND 200),
	CONSTRAINT "game_info_slug_len" CHECK(length("game_info_articles"."slug") BETWEEN 1 AND 120),
	CONSTRAINT "game_info_category_len" CHECK(length("game_info_articles"."category") BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_info_slug_unique` ON `game_info_articles` (`slug`);--> statement-breakpoint
CREATE INDEX `game_info_category_idx` ON `game_info_articles` (`is_published`,`category`,`sort_order`);--> statement-breakpoint
CREATE INDEX `game_info_featured_idx` ON `game_info_articles` (`is_published`,`is_featured`);--> statement-breakpoint
CREATE TABLE `heroes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`faction_id` integer NOT NULL,
	`name` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`biography` text DEFAULT '' NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`hero_class` text DEFAULT '' NOT NULL,
	`hero_type` text DEFAULT 'Might' NOT NULL,
	`specialty` text DEFAULT '' NOT NULL,
	`specialty_description` text DEFAULT '' NOT NULL,
	`starting_attack` integer DEFAULT 0 NOT NULL,
	`starting_defense` integer DEFAULT 0 NOT NULL,
	`starting_spell_power` integer DEFAULT 0 NOT NULL,
	`starting_knowledge` integer DEFAULT 0 NOT NULL,
	`rarity_level` integer DEFAULT 1 NOT NULL,
	`starting_skills` text,
	`starting_spells` text,
	`portrait_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`faction_id`) REFERENCES `factions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "heroes_type" CHECK(hero_type IN ('Might', 'Magic', 'Hybrid')),
	CONSTRAINT "heroes_rarity" CHECK("heroes"."rarity_level" BETWEEN 1 AND 4),
	CONSTRAINT "heroes_name_len" CHECK(length("heroes"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE INDEX `heroes_faction_idx` ON `heroes` (`faction_id`,`hero_type`);--> statement-breakpoint
CREATE INDEX `heroes_class_idx` ON `heroes` (`hero_class`);--> statement-breakpoint
CREATE TABLE `media_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`slug` text NOT NULL,
	`color` text DEFAULT '#3B82F6' NOT NULL,
	`icon_url` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "media_categories_name_len" CHECK(length("media_categories"."name") BETWEEN 1 AND 100),
	CONSTRAINT "media_categories_description_len" CHECK(length("media_categories"."description") <= 500),
	CONSTRAINT "media_categories_slug_len" CHECK(length("media_categories"."slug") BETWEEN 1 AND 50),
	CONSTRAINT "media_categories_icon_len" CHECK("media_categories"."icon_url" IS NULL OR length("media_categories"."icon_url") <= 255),
	CONSTRAINT "media_categories_sort" CHECK("media_categories"."sort_order" BETWEEN 0 AND 1000),
	CONSTRAINT "media_categories_color" CHECK("media_categories"."color" GLOB '#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_categories_slug_unique` ON `media_categories` (`slug`);--> statement-breakpoint
CREATE INDEX `media_categories_active_sort_idx` ON `media_categories` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `media_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`media_type` text NOT NULL,
	`alt_text` text DEFAULT '' NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '' NOT NULL,
	`category_id` integer,
	`faction_id` integer,
	`is_approved` integer DEFAULT false NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`original_key` text,
	`original_url` text,
	`large_key` text,
	`large_webp_key` text,
	`thumbnail_key` text,
	`thumbnail_webp_key` text,
	`poster_key` text,
	`thumbnail_status` text DEFAULT 'pending' NOT NULL,
	`content_type` text,
	`width` integer,
	`height` integer,
	`file_size` integer DEFAULT 0 NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`uploaded_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `media_categories`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`faction_id`) REFERENCES `factions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "media_type" CHECK(media_type IN ('image', 'video', 'gif')),
	CONSTRAINT "media_thumbnail_status" CHECK(thumbnail_status IN ('pending', 'ready', 'failed')),
	CONSTRAINT "media_title_len" CHECK(length("media_items"."title") BETWEEN 1 AND 200),
	CONSTRAINT "media_description_len" CHECK(length("media_items"."description") <= 2000),
	CONSTRAINT "media_counts" CHECK("media_items"."view_count" >= 0 AND "media_items"."file_size" >= 0)
);
--> statement-breakpoint
CREATE INDEX `media_gallery_idx` ON `media_items` (`is_approved`,`sort_order`,`created_at`);--> statement-breakpoint
CREATE INDEX `media_category_idx` ON `media_items` (`category_id`);--> statement-breakpoint
CREATE INDEX `media_faction_idx` ON `media_items` (`faction_id`);--> statement-breakpoint
CREATE INDEX `media_type_idx` ON `media_items` (`media_type`);--> statement-breakpoint
CREATE INDEX `media_featured_idx` ON `media_items` (`is_featured`);--> statement-breakpoint
CREATE TABLE `news_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`content` text NOT NULL,
	`author` text NOT NULL,
	`image_url` text,
	`is_published` integer DEFAULT false NOT NULL,
	`published_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "news_title_len" CHECK(length("news_articles"."title") BETWEEN 1 AND 200),
	CONSTRAINT "news_summary_len" CHECK(length("news_articles"."summary") BETWEEN 1 AND 500),
	CONSTRAINT "news_content_len" CHECK(length("news_articles"."content") BETWEEN 1 AND 50000),
	CONSTRAINT "news_author_len" CHECK(length("news_articles"."author") BETWEEN 1 AND 100),
	CONSTRAINT "news_image_url_len" CHECK("news_articles"."image_url" IS NULL OR length("news_articles"."image_url") <= 2048)
);
--> statement-breakpoint
CREATE INDEX `news_published_idx` ON `news_articles` (`is_published`,`published_at`);--> statement-breakpoint
CREATE INDEX `news_author_idx` ON `news_articles` (`author`);--> statement-breakpoint
CREATE TABLE `news_tags` (
	`article_id` integer NOT NULL,
	`tag` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`article_id`, `tag`),
	FOREIGN KEY (`article_id`) REFERENCES `news_articles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "news_tags_tag_len" CHECK(length("news_tags"."tag") BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE INDEX `news_tags_tag_idx` ON `news_tags` (`tag`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`generation` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`user_agent` text,
	`ip_address` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_name` text DEFAULT 'Realm Codex' NOT NULL,
	`site_description` text DEFAULT '' NOT NULL,
	`enable_comments` integer DEFAULT true NOT NULL,
	`moderate_comments` integer DEFAULT true NOT NULL,
	`enable_registration` integer DEFAULT true NOT NULL,
	`require_email_verification` integer DEFAULT true NOT NULL,
	`max_file_upload_size` integer DEFAULT 10 NOT NULL,
	`maintenance_mode` integer DEFAULT false NOT NULL,
	`maintenance_message` text DEFAULT '' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK("site_settings"."id" = 1),
	CONSTRAINT "site_settings_upload_size" CHECK("site_settings"."max_file_upload_size" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE `spells` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`school` text NOT NULL,
	`level` integer DEFAULT 1 NOT NULL,
	`mana_cost` integer DEFAULT 0 NOT NULL,
	`base_power` integer DEFAULT 0 NOT NULL,
	`type` text DEFAULT 'Combat' NOT NULL,
	`target` text DEFAULT 'Single' NOT NULL,
	`duration` text DEFAULT 'Instant' NOT NULL,
	`is_common` integer DEFAULT false NOT NULL,
	`required_skill_level` integer DEFAULT 0 NOT NULL,
	`effects` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "spells_school" CHECK(school IN ('Earth', 'Air', 'Fire', 'Water', 'Light', 'Dark')),
	CONSTRAINT "spells_level" CHECK("spells"."level" BETWEEN 1 AND 5),
	CONSTRAINT "spells_type" CHECK(type IN ('Combat', 'Adventure', 'Global')),
	CONSTRAINT "spells_target" CHECK(target IN ('Single', 'Area', 'All', 'Self')),
	CONSTRAINT "spells_duration" CHECK(duration IN ('Instant', 'Combat', 'Permanent', 'Turns')),
	CONSTRAINT "spells_mana" CHECK("spells"."mana_cost" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spells_name_unique` ON `spells` (`name`);--> statement-breakpoint
CREATE INDEX `spells_school_level_idx` ON `spells` (`school`,`level`);--> statement-breakpoint
CREATE INDEX `spells_type_idx` ON `spells` (`type`);--> statement-breakpoint
CREATE TABLE `thumbnail_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`media_id` integer,
	`reason` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `thumbnail_failures_media_idx` ON `thumbnail_failures` (`media_id`);--> statement-breakpoint
CREATE TABLE `units` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`faction_id` integer NOT NULL,
	`base_unit_id` integer,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`tier` integer DEFAULT 1 NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	`attack` integer DEFAULT 0 NOT NULL,
	`defense` integer DEFAULT 0 NOT NULL,
	`min_damage` integer DEFAULT 0 NOT NULL,
	`max_damage` integer DEFAULT 0 NOT NULL,
	`health` integer DEFAULT 0 NOT NULL,
	`speed` integer DEFAULT 0 NOT NULL,
	`initiative` integer DEFAULT 0 NOT NULL,
	`morale` integer DEFAULT 0 NOT NULL,
	`luck` integer DEFAULT 0 NOT NULL,
	`unit_type` text DEFAULT 'Infantry' NOT NULL,
	`upgrade_level` integer DEFAULT 0 NOT NULL,
	`is_upgraded` integer DEFAULT false NOT NULL,
	`weekly_growth` integer DEFAULT 0 NOT NULL,
	`special_abilities` text,
	`portrait_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`faction_id`) REFERENCES `factions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "units_tier" CHECK("units"."tier" BETWEEN 1 AND 7),
	CONSTRAINT "units_upgrade_level" CHECK("units"."upgrade_level" BETWEEN 0 AND 2),
	CONSTRAINT "units_type" CHECK(unit_type IN ('Infantry', 'Ranged', 'Cavalry', 'Flying', 'Magic')),
	CONSTRAINT "units_damage" CHECK("units"."min_damage" >= 0 AND "units"."max_damage" >= "units"."min_damage"),
	CONSTRAINT "units_name_len" CHECK(length("units"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE INDEX `units_faction_idx` ON `units` (`faction_id`,`upgrade_level`,`tier`);--> statement-breakpoint
CREATE INDEX `units_type_idx` ON `units` (`unit_type`);--> statement-breakpoint
CREATE INDEX `units_base_idx` ON `units` (`base_unit_id`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_roles_role" CHECK(role IN ('User', 'Moderator', 'Admin'))
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`profile_picture_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`email_confirmed` integer DEFAULT false NOT NULL,
	`failed_login_count` integer DEFAULT 0 NOT NULL,
	`locked_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_login_at` text,
	CONSTRAINT "users_email_len" CHECK(length("users"."email") BETWEEN 3 AND 254),
	CONSTRAINT "users_first_name_len" CHECK(length("users"."first_name") <= 100),
	CONSTRAINT "users_last_name_len" CHECK(length("users"."last_name") <= 100),
	CONSTRAINT "users_failed_login_count" CHECK("users"."failed_login_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);