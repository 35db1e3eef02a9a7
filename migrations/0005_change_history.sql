-- Change history of factions, units, heroes, spells and news articles: one row per change with
-- each changed field's old and new value, written in the same batch as the change itself.
CREATE TABLE `change_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` integer NOT NULL,
	`action` text NOT NULL,
	`changes` text NOT NULL,
	`restored_from` integer,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "change_history_entity" CHECK(entity_type IN ('faction', 'unit', 'hero', 'spell', 'news')),
	CONSTRAINT "change_history_action" CHECK(action IN ('create', 'update', 'delete', 'restore'))
);
--> statement-breakpoint
CREATE INDEX `change_history_entity_idx` ON `change_history` (`entity_type`,`entity_id`,`id`);
