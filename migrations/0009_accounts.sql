-- Accounts a community can run (issue 32).
-- Sign-in locks move from the users row to one row per (account, network): wrong passwords from
-- one network lock that network out of that account, and addresses without an account are
-- counted alike (the account is the SHA-256 of the normalised email). A per-account brake counts
-- wrong passwords from every network per hour; networks an account proved itself from are spared
-- (docs/decisions/0023-sign-in-locks.md).
CREATE TABLE `login_brakes` (
	`account_key` text PRIMARY KEY NOT NULL,
	`window_started_at` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`next_check_at` text
);
--> statement-breakpoint
CREATE INDEX `login_brakes_window_idx` ON `login_brakes` (`window_started_at`);--> statement-breakpoint
CREATE TABLE `login_locks` (
	`account_key` text NOT NULL,
	`network` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` text,
	`unlock_token_hash` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`account_key`, `network`),
	CONSTRAINT "login_locks_failures" CHECK("login_locks"."failures" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `login_locks_unlock_idx` ON `login_locks` (`unlock_token_hash`);--> statement-breakpoint
CREATE INDEX `login_locks_updated_idx` ON `login_locks` (`updated_at`);--> statement-breakpoint
-- Networks an account signed in from (or used a mailed link from): the brake spares them.
CREATE TABLE `login_networks` (
	`user_id` integer NOT NULL,
	`network` text NOT NULL,
	`last_seen_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `network`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_networks_seen_idx` ON `login_networks` (`last_seen_at`);--> statement-breakpoint
-- Password reset links: single use, one hour, only the token's SHA-256 is stored.
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
-- Budgets counted per hour or day in D1 (verification mail per account, reset requests...).
CREATE TABLE `rate_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_ends_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_counters_window_idx` ON `rate_counters` (`window_ends_at`);--> statement-breakpoint
-- A deleted account's row stays, anonymised, so authored content keeps its foreign keys.
ALTER TABLE `users` ADD `deleted_at` text;--> statement-breakpoint
-- The old per-account lock columns are no longer read; clear what they hold.
UPDATE `users` SET `failed_login_count` = 0, `locked_until` = NULL;
