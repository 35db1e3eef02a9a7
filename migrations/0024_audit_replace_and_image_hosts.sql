-- 1. The audit log refuses an insert that names an existing row's id. INSERT OR REPLACE (and
-- REPLACE, and an upsert) with such an id would otherwise rewrite the row: SQLite's REPLACE
-- removes the old row without firing DELETE triggers, so migration 0011's audit_log_no_delete
-- never sees it, and 0020's facet_audit_ai would count the new row on top of the old one.
-- Refused before the insert, the statement changes nothing (the row and the kept counts stay).
-- A new row (id NULL, given by AUTOINCREMENT, or a new id as a restore writes) passes.
CREATE TRIGGER IF NOT EXISTS `audit_log_no_replace` BEFORE INSERT ON `audit_log`
	WHEN EXISTS (SELECT 1 FROM `audit_log` WHERE `id` = new.id) BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only: an existing row cannot be replaced');
END;
--> statement-breakpoint
-- 2. The image hosts pages may load images from besides the site's own /files/ (site settings):
-- a JSON list of hostnames, empty by default (docs/decisions/0048-integrity-checks.md).
ALTER TABLE `site_settings` ADD `image_hosts` text DEFAULT '[]' NOT NULL;
