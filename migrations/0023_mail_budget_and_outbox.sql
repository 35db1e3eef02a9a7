-- Account mail without stored links (docs/decisions/0046-mail-budgets-and-outbox.md):
-- * a body holds a mark where its link goes; the sender puts the link there at send time, its
--   token an HMAC of `link_nonce` under a key derived from the server's secret (`link_key_id`
--   names that secret), so nothing in the table opens a link;
-- * `claimed_until`: the one sender sending a row (the queue consumer or the cron), so no mail
--   goes twice;
-- * indexes for the retention purge (by age) and an account deletion's purge (by address).
-- Rows written before this migration hold their links in their bodies: those already sent or
-- given up are deleted here; waiting ones are sent as they are and go with the retention purge.
ALTER TABLE `email_outbox` ADD `link_path` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `link_nonce` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `link_key_id` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `claimed_until` text;--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_to_idx` ON `email_outbox` (`to_address`);--> statement-breakpoint
DELETE FROM `email_outbox` WHERE `sent_at` IS NOT NULL OR `failed_at` IS NOT NULL;
