-- Refresh is a compare-and-swap on the session's generation: rotated_at records when the
-- generation last moved, so the previous token keeps working for a short grace (requests in
-- flight, a second tab refreshing at the same time) and a rotated-out token presented after it
-- is recognised as reuse.
ALTER TABLE `sessions` ADD `rotated_at` text;
--> statement-breakpoint
-- Profile pictures are limited to the built-in avatars and the site's own files: external
-- URLs (which would tell a third party who views a profile or a comment) are dropped.
UPDATE `users` SET `profile_picture_url` = NULL
WHERE `profile_picture_url` IS NOT NULL
  AND `profile_picture_url` NOT LIKE '/images/icons/avatars/%'
  AND `profile_picture_url` NOT LIKE '/files/%';
