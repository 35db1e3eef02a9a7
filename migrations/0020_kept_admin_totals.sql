-- Kept totals of the admin reads (the member list, the dashboard, the news list with drafts and the
-- audit log), in facet_counts (migration 0014), kept by triggers through INSERT, UPDATE of every
-- column that changes membership, and DELETE, whether the write comes through the API or straight
-- in SQL. A count that drops to 0 loses its row, so no filter offers a value nothing has
-- (docs/decisions/0044-kept-admin-totals.md).
--
--   users_state  'active'|'inactive'  members (users not deleted) by is_active
--   user_role    <role>               members (users not deleted) holding the role
--   news_state   'published'|'draft'  every article by is_published (drafts included)
--   audit_entity <entity_type>        audit rows per kind of record
--   audit_action <action>             audit rows per action
--   audit_entity_action <entity_type>:<action>  audit rows per kind of record and action (both filters)
--   audit_user   <user id>            audit rows per member who made the change (rows with a user)
--
-- audit_log is append-only (migration 0011 refuses UPDATE and DELETE before they happen), so its
-- lists are kept on INSERT alone: no write can take a row away from a count.

-- 1. Members: users_state follows is_active and deleted_at.
CREATE TRIGGER IF NOT EXISTS `facet_users_ai` AFTER INSERT ON `users` WHEN new.deleted_at IS NULL BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		VALUES ('users_state', CASE WHEN new.is_active = 1 THEN 'active' ELSE 'inactive' END, 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
	-- A restore from an export inserts user_roles before users (name order): the member's insert
	-- counts the roles that arrived before it. In the site's own writes a member has no roles yet.
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'user_role', `role`, 1 FROM `user_roles` WHERE `user_id` = new.id
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_users_ad` AFTER DELETE ON `users` WHEN old.deleted_at IS NULL BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1
		WHERE `list` = 'users_state' AND `value` = CASE WHEN old.is_active = 1 THEN 'active' ELSE 'inactive' END;
	DELETE FROM `facet_counts` WHERE `list` = 'users_state' AND `n` <= 0;
END;--> statement-breakpoint
-- Deleting a member's row cascades to its roles before any AFTER trigger on users runs, and the
-- roles' own trigger no longer finds the member: the roles leave user_role here, before the delete.
CREATE TRIGGER IF NOT EXISTS `facet_users_roles_bd` BEFORE DELETE ON `users` WHEN old.deleted_at IS NULL BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1
		WHERE `list` = 'user_role' AND `value` IN (SELECT `role` FROM `user_roles` WHERE `user_id` = old.id);
	DELETE FROM `facet_counts` WHERE `list` = 'user_role' AND `n` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_users_au` AFTER UPDATE OF `is_active`, `deleted_at` ON `users`
	WHEN old.is_active IS NOT new.is_active OR (old.deleted_at IS NULL) IS NOT (new.deleted_at IS NULL) BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE old.deleted_at IS NULL
		AND `list` = 'users_state' AND `value` = CASE WHEN old.is_active = 1 THEN 'active' ELSE 'inactive' END;
	DELETE FROM `facet_counts` WHERE `list` = 'users_state' AND `n` <= 0;
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'users_state', CASE WHEN new.is_active = 1 THEN 'active' ELSE 'inactive' END, 1 WHERE new.deleted_at IS NULL
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
	-- Deleting (or restoring) a member takes its roles out of (or back into) user_role.
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE old.deleted_at IS NULL AND new.deleted_at IS NOT NULL
		AND `list` = 'user_role' AND `value` IN (SELECT `role` FROM `user_roles` WHERE `user_id` = new.id);
	DELETE FROM `facet_counts` WHERE `list` = 'user_role' AND `n` <= 0;
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'user_role', `role`, 1 FROM `user_roles` WHERE old.deleted_at IS NOT NULL AND new.deleted_at IS NULL AND `user_id` = new.id
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + excluded.n;
END;--> statement-breakpoint

-- 2. Roles: user_role follows user_roles, for members only.
CREATE TRIGGER IF NOT EXISTS `facet_user_roles_ai` AFTER INSERT ON `user_roles` BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'user_role', new.role, 1 WHERE EXISTS (SELECT 1 FROM `users` WHERE `id` = new.user_id AND `deleted_at` IS NULL)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_user_roles_ad` AFTER DELETE ON `user_roles` BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE `list` = 'user_role' AND `value` = old.role
		AND EXISTS (SELECT 1 FROM `users` WHERE `id` = old.user_id AND `deleted_at` IS NULL);
	DELETE FROM `facet_counts` WHERE `list` = 'user_role' AND `n` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_user_roles_au` AFTER UPDATE OF `user_id`, `role` ON `user_roles`
	WHEN old.user_id IS NOT new.user_id OR old.role IS NOT new.role BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1 WHERE `list` = 'user_role' AND `value` = old.role
		AND EXISTS (SELECT 1 FROM `users` WHERE `id` = old.user_id AND `deleted_at` IS NULL);
	DELETE FROM `facet_counts` WHERE `list` = 'user_role' AND `n` <= 0;
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT 'user_role', new.role, 1 WHERE EXISTS (SELECT 1 FROM `users` WHERE `id` = new.user_id AND `deleted_at` IS NULL)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint

-- 3. Articles: news_state follows is_published.
CREATE TRIGGER IF NOT EXISTS `facet_news_state_ai` AFTER INSERT ON `news_articles` BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		VALUES ('news_state', CASE WHEN new.is_published = 1 THEN 'published' ELSE 'draft' END, 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_news_state_ad` AFTER DELETE ON `news_articles` BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1
		WHERE `list` = 'news_state' AND `value` = CASE WHEN old.is_published = 1 THEN 'published' ELSE 'draft' END;
	DELETE FROM `facet_counts` WHERE `list` = 'news_state' AND `n` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `facet_news_state_au` AFTER UPDATE OF `is_published` ON `news_articles`
	WHEN old.is_published IS NOT new.is_published BEGIN
	UPDATE `facet_counts` SET `n` = `n` - 1
		WHERE `list` = 'news_state' AND `value` = CASE WHEN old.is_published = 1 THEN 'published' ELSE 'draft' END;
	DELETE FROM `facet_counts` WHERE `list` = 'news_state' AND `n` <= 0;
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		VALUES ('news_state', CASE WHEN new.is_published = 1 THEN 'published' ELSE 'draft' END, 1)
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint

-- 4. The audit log (append-only): its lists count each new row.
CREATE TRIGGER IF NOT EXISTS `facet_audit_ai` AFTER INSERT ON `audit_log` BEGIN
	INSERT INTO `facet_counts` (`list`, `value`, `n`)
		SELECT * FROM (SELECT 'audit_entity', new.entity_type, 1
			UNION ALL SELECT 'audit_action', new.action, 1
			UNION ALL SELECT 'audit_entity_action', new.entity_type || ':' || new.action, 1
			UNION ALL SELECT 'audit_user', CAST(new.user_id AS TEXT), 1 WHERE new.user_id IS NOT NULL) WHERE true
		ON CONFLICT (`list`, `value`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint

-- 5. The admin news list (drafts included) in its order, newest first by publication, else
-- creation: a page walks this index instead of sorting every article.
CREATE INDEX IF NOT EXISTS `news_list_order_idx` ON `news_articles` (coalesce(`published_at`, `created_at`), `id`);--> statement-breakpoint
-- The drafts alone in the same order (the list's drafts view).
CREATE INDEX IF NOT EXISTS `news_state_order_idx` ON `news_articles` (`is_published`, coalesce(`published_at`, `created_at`), `id`);--> statement-breakpoint
-- The audit log of one kind of record, newest first: a page walks this index instead of sorting
-- every row of the kind.
CREATE INDEX IF NOT EXISTS `audit_entity_order_idx` ON `audit_log` (`entity_type`, `id`);--> statement-breakpoint

-- 6. Backfill for existing databases (the triggers above keep them from here on).
DELETE FROM `facet_counts` WHERE `list` IN ('users_state', 'user_role', 'news_state', 'audit_entity', 'audit_action', 'audit_entity_action', 'audit_user');--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'users_state', CASE WHEN `is_active` = 1 THEN 'active' ELSE 'inactive' END, count(*) FROM `users` WHERE `deleted_at` IS NULL GROUP BY 2;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'user_role', r.`role`, count(*) FROM `user_roles` r JOIN `users` u ON u.`id` = r.`user_id` WHERE u.`deleted_at` IS NULL GROUP BY r.`role`;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'news_state', CASE WHEN `is_published` = 1 THEN 'published' ELSE 'draft' END, count(*) FROM `news_articles` GROUP BY 2;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'audit_entity', min(`entity_type`), count(*) FROM `audit_log` GROUP BY `entity_type` COLLATE NOCASE;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'audit_action', min(`action`), count(*) FROM `audit_log` GROUP BY `action` COLLATE NOCASE;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'audit_entity_action', min(`entity_type` || ':' || `action`), count(*) FROM `audit_log`
	GROUP BY `entity_type` || ':' || `action` COLLATE NOCASE;--> statement-breakpoint
INSERT INTO `facet_counts` (`list`, `value`, `n`)
	SELECT 'audit_user', CAST(`user_id` AS TEXT), count(*) FROM `audit_log` WHERE `user_id` IS NOT NULL GROUP BY `user_id`;
