-- The moderation queue and what editors need (issue 34):
-- * a pending media item can be rejected with a reason its uploader reads (rejected_at and
--   rejection_reason, cleared when it is approved); uploads are listed per uploader, and a
--   member's profile counts what they wrote and uploaded (the two uploader/author indexes);
-- * a news article's image has alt text;
-- * the site search finds approved media items by title and description (media_fts, an
--   external-content FTS5 table kept by triggers like the others, see 0008).
ALTER TABLE `media_items` ADD `rejected_at` text;--> statement-breakpoint
ALTER TABLE `media_items` ADD `rejection_reason` text;--> statement-breakpoint
CREATE INDEX `media_uploaded_by_idx` ON `media_items` (`uploaded_by`);--> statement-breakpoint
ALTER TABLE `news_articles` ADD `image_alt` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `news_created_by_idx` ON `news_articles` (`created_by`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `media_fts` USING fts5(
	title, description,
	content='media_items', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `media_fts_ai` AFTER INSERT ON `media_items` BEGIN
	INSERT INTO media_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `media_fts_ad` AFTER DELETE ON `media_items` BEGIN
	INSERT INTO media_fts(media_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `media_fts_au` AFTER UPDATE OF title, description ON `media_items` BEGIN
	INSERT INTO media_fts(media_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
	INSERT INTO media_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
END;
--> statement-breakpoint
INSERT INTO media_fts(media_fts) VALUES ('rebuild');
