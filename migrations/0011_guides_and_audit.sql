-- Guides (issue 34): a game-info article's old slugs redirect to its current one, and its changes
-- are kept in change_history like those of factions, units, heroes, spells and news.
-- Audit log: append-only from now on.

CREATE TABLE `game_info_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`article_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `game_info_articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_info_slug_redirects_article_idx` ON `game_info_slug_redirects` (`article_id`);
--> statement-breakpoint
-- change_history's CHECK on entity_type gains 'gameinfo'. SQLite cannot alter a CHECK, so the
-- table is rebuilt. This is the one table rebuild ADR 0002 allows: no table references
-- change_history, so dropping it cascades into nothing (D1 ignores PRAGMA foreign_keys=OFF).
CREATE TABLE `__new_change_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` integer NOT NULL,
	`action` text NOT NULL,
	`changes` text NOT NULL,
	`restored_from` integer,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "change_history_entity" CHECK(entity_type IN ('faction', 'unit', 'hero', 'spell', 'news', 'gameinfo')),
	CONSTRAINT "change_history_action" CHECK(action IN ('create', 'update', 'delete', 'restore'))
);
--> statement-breakpoint
INSERT INTO `__new_change_history`("id", "entity_type", "entity_id", "action", "changes", "restored_from", "user_id", "created_at") SELECT "id", "entity_type", "entity_id", "action", "changes", "restored_from", "user_id", "created_at" FROM `change_history`;
--> statement-breakpoint
DROP TABLE `change_history`;
--> statement-breakpoint
ALTER TABLE `__new_change_history` RENAME TO `change_history`;
--> statement-breakpoint
CREATE INDEX `change_history_entity_idx` ON `change_history` (`entity_type`,`entity_id`,`id`);
--> statement-breakpoint
-- Nobody changes or deletes an audit row: not a route, a script or a cascade (accounts are
-- anonymised, never deleted, so users' ON DELETE SET NULL never needs to touch these rows).
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only: rows cannot be changed');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only: rows cannot be deleted');
END;
--> statement-breakpoint
-- The guides list's order, all and by category (matched whatever its case): a page of /game-info
-- reads its own rows through the index instead of sorting every published guide.
CREATE INDEX `game_info_list_idx` ON `game_info_articles` (`is_published`,"is_featured" DESC,`sort_order`,"published_at" DESC,`id`);
--> statement-breakpoint
CREATE INDEX `game_info_category_list_idx` ON `game_info_articles` (`is_published`,"category" COLLATE NOCASE,"is_featured" DESC,`sort_order`,"published_at" DESC,`id`);
