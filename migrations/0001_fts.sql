-- Full-text search over news and game-info articles (FTS5, external content tables kept in
-- sync by triggers). Hand-written: drizzle-kit does not model virtual tables.
CREATE VIRTUAL TABLE `news_fts` USING fts5(
	title, summary, content,
	content='news_articles', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `news_fts_ai` AFTER INSERT ON `news_articles` BEGIN
	INSERT INTO news_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `news_fts_ad` AFTER DELETE ON `news_articles` BEGIN
	INSERT INTO news_fts(news_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `news_fts_au` AFTER UPDATE OF title, summary, content ON `news_articles` BEGIN
	INSERT INTO news_fts(news_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
	INSERT INTO news_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `game_info_fts` USING fts5(
	title, summary, content,
	content='game_info_articles', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_ai` AFTER INSERT ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_ad` AFTER DELETE ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(game_info_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `game_info_fts_au` AFTER UPDATE OF title, summary, content ON `game_info_articles` BEGIN
	INSERT INTO game_info_fts(game_info_fts, rowid, title, summary, content) VALUES ('delete', old.id, old.title, old.summary, old.content);
	INSERT INTO game_info_fts(rowid, title, summary, content) VALUES (new.id, new.title, new.summary, new.content);
END;
