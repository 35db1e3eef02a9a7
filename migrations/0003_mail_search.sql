-- Mail actually sent: delivery bookkeeping on the outbox, single-use e-mail verification links,
-- and full-text search over factions, units, heroes and spells (news and game info have theirs
-- since 0001). Hand-written: drizzle-kit does not model virtual tables or triggers.
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `last_error` text;
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `last_attempt_at` text;
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `failed_at` text;
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `message_id` text;
--> statement-breakpoint
CREATE TABLE `email_verification_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_verification_user_idx` ON `email_verification_tokens` (`user_id`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `faction_fts` USING fts5(
	name, summary, description, specialty,
	content='factions', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `faction_fts_ai` AFTER INSERT ON `factions` BEGIN
	INSERT INTO faction_fts(rowid, name, summary, description, specialty) VALUES (new.id, new.name, new.summary, new.description, new.specialty);
END;
--> statement-breakpoint
CREATE TRIGGER `faction_fts_ad` AFTER DELETE ON `factions` BEGIN
	INSERT INTO faction_fts(faction_fts, rowid, name, summary, description, specialty) VALUES ('delete', old.id, old.name, old.summary, old.description, old.specialty);
END;
--> statement-breakpoint
CREATE TRIGGER `faction_fts_au` AFTER UPDATE OF name, summary, description, specialty ON `factions` BEGIN
	INSERT INTO faction_fts(faction_fts, rowid, name, summary, description, specialty) VALUES ('delete', old.id, old.name, old.summary, old.description, old.specialty);
	INSERT INTO faction_fts(rowid, name, summary, description, specialty) VALUES (new.id, new.name, new.summary, new.description, new.specialty);
END;
--> statement-breakpoint
INSERT INTO faction_fts(faction_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `unit_fts` USING fts5(
	name, summary, description,
	content='units', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `unit_fts_ai` AFTER INSERT ON `units` BEGIN
	INSERT INTO unit_fts(rowid, name, summary, description) VALUES (new.id, new.name, new.summary, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_ad` AFTER DELETE ON `units` BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description) VALUES ('delete', old.id, old.name, old.summary, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `unit_fts_au` AFTER UPDATE OF name, summary, description ON `units` BEGIN
	INSERT INTO unit_fts(unit_fts, rowid, name, summary, description) VALUES ('delete', old.id, old.name, old.summary, old.description);
	INSERT INTO unit_fts(rowid, name, summary, description) VALUES (new.id, new.name, new.summary, new.description);
END;
--> statement-breakpoint
INSERT INTO unit_fts(unit_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `hero_fts` USING fts5(
	name, title, summary, biography, specialty,
	content='heroes', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `hero_fts_ai` AFTER INSERT ON `heroes` BEGIN
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty) VALUES (new.id, new.name, new.title, new.summary, new.biography, new.specialty);
END;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_ad` AFTER DELETE ON `heroes` BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty) VALUES ('delete', old.id, old.name, old.title, old.summary, old.biography, old.specialty);
END;
--> statement-breakpoint
CREATE TRIGGER `hero_fts_au` AFTER UPDATE OF name, title, summary, biography, specialty ON `heroes` BEGIN
	INSERT INTO hero_fts(hero_fts, rowid, name, title, summary, biography, specialty) VALUES ('delete', old.id, old.name, old.title, old.summary, old.biography, old.specialty);
	INSERT INTO hero_fts(rowid, name, title, summary, biography, specialty) VALUES (new.id, new.name, new.title, new.summary, new.biography, new.specialty);
END;
--> statement-breakpoint
INSERT INTO hero_fts(hero_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `spell_fts` USING fts5(
	name, description,
	content='spells', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `spell_fts_ai` AFTER INSERT ON `spells` BEGIN
	INSERT INTO spell_fts(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `spell_fts_ad` AFTER DELETE ON `spells` BEGIN
	INSERT INTO spell_fts(spell_fts, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `spell_fts_au` AFTER UPDATE OF name, description ON `spells` BEGIN
	INSERT INTO spell_fts(spell_fts, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
	INSERT INTO spell_fts(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
INSERT INTO spell_fts(spell_fts) VALUES ('rebuild');
