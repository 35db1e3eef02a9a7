/**
 * The whole data model of Realm Codex (both spec documents) for D1 via drizzle-orm.
 *
 * Conventions:
 * - snake_case columns, camelCase properties; integer primary keys (the spec's ids are numbers).
 * - Timestamps are ISO-8601 UTC text ("2026-01-31T12:00:00.000Z") so they sort and serialize as-is.
 * - Enums and ranges from the spec are CHECK constraints as well as TypeScript unions, so a bad
 *   write fails in the database even if a route forgot to validate.
 * - Full-text search (news, game info; factions, units, heroes, spells; media) lives in FTS5 tables created
 *   by hand-written migrations (drizzle-kit does not model virtual tables); see
 *   migrations/0001_fts.sql, 0003_mail_search.sql, 0008_search_kinds_and_stemming.sql, 0012_moderation_and_media_search.sql
 *   and 0022_search_visible.sql (each index's content is a `*_search_rows` view that adds whether guests may see the row).
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

import { MEDIA_TYPES, THUMBNAIL_STATES } from "../../shared/schemas/media";
import { UPLOAD_CONTENT_TYPES, UPLOAD_STATES } from "../../shared/schemas/uploads";
import {
  HISTORY_ACTION_TYPES,
  HISTORY_ENTITY_TYPES,
  type HistoryActionType,
  type HistoryEntityType,
} from "../../shared/history";
import { ROLES, type Role } from "../../shared/roles";
import { AUDIT_ACTIONS } from "../../shared/audit";
import { WIKI_SOURCE_TYPES, WIKI_TYPES } from "../../shared/wiki-syntax";

export { MEDIA_TYPES, ROLES, THUMBNAIL_STATES, type Role };
import {
  ALIGNMENTS,
  HERO_TYPES,
  SPELL_DURATIONS,
  SPELL_SCHOOLS,
  SPELL_TARGETS,
  SPELL_TYPES,
  UNIT_TYPES,
} from "../../shared/game";

export { ALIGNMENTS, HERO_TYPES, SPELL_DURATIONS, SPELL_SCHOOLS, SPELL_TARGETS, SPELL_TYPES, UNIT_TYPES };
export { AUDIT_ACTIONS };

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text("created_at").notNull().default(now);
const updatedAt = () => text("updated_at").notNull().default(now);
const bool = (name: string) => integer(name, { mode: "boolean" });
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(", ")})`);

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stored trimmed and lower-cased; unique. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    profilePictureUrl: text("profile_picture_url"),
    isActive: bool("is_active").notNull().default(true),
    emailConfirmed: bool("email_confirmed").notNull().default(false),
    /**
     * No longer written: since migration 0009 sign-in locks are kept per network in
     * `login_locks`. Kept because dropping them needs a rebuild of the users table.
     */
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    /** No longer written (see failedLoginCount). */
    lockedUntil: text("locked_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: text("last_login_at"),
    /**
     * Set when the member deleted the account (or an admin did). The row stays, anonymised
     * (no email, name, password or roles), so what the member wrote keeps its foreign keys and
     * shows as by "Deleted member".
     */
    deletedAt: text("deleted_at"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    check("users_email_len", sql`length(${t.email}) BETWEEN 3 AND 254`),
    check("users_first_name_len", sql`length(${t.firstName}) <= 100`),
    check("users_last_name_len", sql`length(${t.lastName}) <= 100`),
    check("users_failed_login_count", sql`${t.failedLoginCount} >= 0`),
  ],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    index("user_roles_role_idx").on(t.role),
    check("user_roles_role", inList("role", ROLES)),
  ],
);

/**
 * One row per sign-in. The access token carries the session id and the token generation;
 * refresh bumps the generation (rotation), sign-out sets revoked_at.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull().default(1),
    createdAt: createdAt(),
    lastSeenAt: text("last_seen_at").notNull().default(now),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    /** When the generation last moved (refresh); the previous token is honoured for a short grace after it. */
    rotatedAt: text("rotated_at"),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Account mail waiting to be sent, and for a while after (worker/jobs/mail.ts). A body never
 * holds a working link: where the link goes it holds a mark, and the sender puts the link there
 * at send time, its token derived from `link_nonce` with a key made from the server's secret
 * (worker/lib/mail-link.ts). Rows go MAIL_RETENTION_DAYS after they were written, and at once
 * when their address's account is deleted. See docs/decisions/0046-mail-budgets-and-outbox.md.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The mailed link's path (`/verify-email`...), or null for a mail without a link. */
    linkPath: text("link_path"),
    /** Random; the link's token is an HMAC of it (never stored). */
    linkNonce: text("link_nonce"),
    /** The key id of the secret the token is derived with (a key rotation may fall between writing and sending). */
    linkKeyId: text("link_key_id"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
    /** Delivery attempts so far; the sender gives up (failedAt) after a fixed number. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastAttemptAt: text("last_attempt_at"),
    /** Set when delivery was given up; such rows are never retried again. */
    failedAt: text("failed_at"),
    /** The mail service's id of the sent message. */
    messageId: text("message_id"),
    /** A sender is sending it until then: nobody else may (no mail goes twice). */
    claimedUntil: text("claimed_until"),
  },
  (t) => [
    index("email_outbox_unsent_idx").on(t.sentAt, t.createdAt),
    // The retention purge (oldest first) and an account deletion's purge of its address.
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_to_idx").on(t.toAddress),
  ],
);

/** Single-use links that confirm an account's e-mail address (only the SHA-256 of the token is kept). */
export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address the link confirms (a later change of address makes old links useless). */
    email: text("email").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_user_idx").on(t.userId)],
);

/** Single-use password reset links (only the SHA-256 of the token is kept), valid one hour. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    /** Set when the link was used, replaced by a newer one, or the password changed otherwise. */
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_user_idx").on(t.userId)],
);

/**
 * Sign-in locks per network and account: wrong passwords from one network (an IPv4 address or
 * an IPv6 /64) lock that network out of that account, never the account itself. The account is
 * the SHA-256 of the normalised email, so addresses without an account are counted (and locked)
 * exactly alike. See docs/decisions/0023-sign-in-locks.md.
 */
export const loginLocks = sqliteTable(
  "login_locks",
  {
    accountKey: text("account_key").notNull(),
    network: text("network").notNull(),
    /** Password checks reserved since the count last started (a success gives them back). */
    failures: integer("failures").notNull().default(0),
    /** While in the future, sign-in from this network to this account is refused with 423. */
    lockedUntil: text("locked_until"),
    /** SHA-256 of the mailed unlock link's token, while that link can still lift this lock. */
    unlockTokenHash: text("unlock_token_hash"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountKey, t.network] }),
    uniqueIndex("login_locks_unlock_idx").on(t.unlockTokenHash),
    index("login_locks_updated_idx").on(t.updatedAt),
    check("login_locks_failures", sql`${t.failures} >= 0`),
  ],
);

/**
 * The slower per-account brake: wrong passwords to one account from every network, counted per
 * hour. Past its threshold, networks the account never proved itself from share one password
 * check a minute (docs/decisions/0023-sign-in-locks.md).
 */
export const loginBrakes = sqliteTable(
  "login_brakes",
  {
    accountKey: text("account_key").primaryKey(),
    windowStartedAt: text("window_started_at").notNull(),
    failures: integer("failures").notNull().default(0),
    /** While braked: when the next check from an unfamiliar network may run. */
    nextCheckAt: text("next_check_at"),
  },
  (t) => [index("login_brakes_window_idx").on(t.windowStartedAt)],
);

/** Networks an account proved itself from (a sign-in, a reset or an unlock link): the brake spares them. */
export const loginNetworks = sqliteTable(
  "login_networks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.network] }), index("login_networks_seen_idx").on(t.lastSeenAt)],
);

/**
 * Budgets counted in D1 where a Workers rate limit cannot express them (windows of an hour or a
 * day, per account whatever the address): `key` names the budget and its subject.
 */
export const rateCounters = sqliteTable(
  "rate_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowEndsAt: text("window_ends_at").notNull(),
  },
  (t) => [index("rate_counters_window_idx").on(t.windowEndsAt)],
);

// ---------------------------------------------------------------------------------------------
// News
// ---------------------------------------------------------------------------------------------

export const newsArticles = sqliteTable(
  "news_articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    content: text("content").notNull(),
    author: text("author").notNull(),
    imageUrl: text("image_url"),
    /** What the image shows, for readers who cannot see it ("" while there is no image). */
    imageAlt: text("image_alt").notNull().default(""),
    isPublished: bool("is_published").notNull().default(false),
    /** Set when the article is first published; kept if it is later unpublished. */
    publishedAt: text("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("news_published_idx").on(t.isPublished, t.publishedAt),
    index("news_author_idx").on(t.author),
    index("news_created_by_idx").on(t.createdBy),
    // Newest first over all articles, drafts included (the admin dashboard's recent list).
    index("news_created_idx").on(t.createdAt, t.id),
    // The latest change of a published article (the sitemap's lastmod of home and /news).
    index("news_published_updated_idx").on(t.isPublished, t.updatedAt),
    // One author's published articles in the list's order (the author filter is case-insensitive).
    index("news_author_published_idx").on(sql`${t.author} COLLATE NOCASE`, t.isPublished, t.publishedAt, t.id),
    // The published ids in order: the sitemap index seeks from range to range past drafts (migration 0019).
    index("news_published_id_idx").on(t.id).where(sql`${t.isPublished} = 1`),
    // Every article, drafts included, newest first by publication, else creation (the admin news list, migration 0020).
    index("news_list_order_idx").on(sql`coalesce(${t.publishedAt}, ${t.createdAt})`, t.id),
    // The drafts (or the published) alone in the same order (the admin news list's drafts view, migration 0020).
    index("news_state_order_idx").on(t.isPublished, sql`coalesce(${t.publishedAt}, ${t.createdAt})`, t.id),
    check("news_title_len", sql`length(${t.title}) BETWEEN 1 AND 200`),
    check("news_summary_len", sql`length(${t.summary}) BETWEEN 1 AND 500`),
    check("news_content_len", sql`length(${t.content}) BETWEEN 1 AND 50000`),
    check("news_author_len", sql`length(${t.author}) BETWEEN 1 AND 100`),
    check("news_image_url_len", sql`${t.imageUrl} IS NULL OR length(${t.imageUrl}) <= 2048`),
  ],
);

export const newsTags = sqliteTable(
  "news_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => newsArticles.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.tag] }),
    index("news_tags_tag_idx").on(t.tag),
    // An article's tags in their stored order (each list row's tags without a sort).
    index("news_tags_article_order_idx").on(t.articleId, t.position, t.tag),
    check("news_tags_tag_len", sql`length(${t.tag}) BETWEEN 1 AND 50`),
  ],
);

/**
 * Counts kept by triggers per list and facet value (migration 0014): `list` names what is
 * counted (e.g. `news_tag`), `value` is the facet value as text, compared case-insensitively
 * (COLLATE NOCASE in the migration; drizzle does not model collations). A filter's counts read
 * one row per value instead of every row (docs/scaling.md §5). The news lists and their triggers
 * are in migration 0015: `news_published`, `news_tag`, `news_author` and the pair
 * `news_tag_author` (`tag\x1Fauthor`) ('' is a list's whole total); the game lists in 0016; the
 * gallery's in 0018: `media_gallery`, one row per combination of its filters
 * (`category:faction:type:featured`, see mediaGalleryEntries); the moderators' in 0021:
 * `media_pending` and `media_rejected` under the same keys, and `unit_all` (hidden units too).
 */
export const facetCounts = sqliteTable(
  "facet_counts",
  {
    list: text("list").notNull(),
    value: text("value").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.value] })],
);

/**
 * The tag filter's ordered index (migration 0015), kept by triggers from news_tags and the
 * articles: one row per published article and tag (tags compared case-insensitively), with the
 * article's publishedAt ('' when it has none) and author, so one tag's page (and a tag's and an
 * author's) walks its own rows in the list's order. Its triggers also keep the `news_tag` and
 * `news_tag_author` counts in facet_counts.
 */
export const publishedNewsTags = sqliteTable(
  "published_news_tags",
  {
    tag: text("tag").notNull(),
    publishedAt: text("published_at").notNull(),
    articleId: integer("article_id").notNull(),
    /** The article's author (compared case-insensitively), for a tag and an author together. */
    author: text("author").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.publishedAt, t.articleId] }),
    index("published_news_tags_article_idx").on(t.articleId),
    index("published_news_tags_author_idx").on(t.tag, t.author, t.publishedAt, t.articleId),
  ],
);

/**
 * The gallery's filter combinations, kept (migration 0018): one row per approved media item and
 * combination of the gallery's filters it matches, `facet` being `<category>:<faction>:<type>:<featured>`
 * with '' for a filter that is not set (galleryFacet in queries/media/list.ts). A filtered page walks one
 * key in the gallery's order; facet_counts ('media_gallery', key) keeps its total. Kept by triggers
 * from media_items.
 */
export const mediaGalleryEntries = sqliteTable(
  "media_gallery_entries",
  {
    id: integer("id").notNull(),
    facet: text("facet").notNull(),
    sortOrder: integer("sort_order").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.facet] }),
    index("media_gallery_entries_order_idx").on(t.facet, t.sortOrder, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Game content
// ---------------------------------------------------------------------------------------------

export const factions = sqliteTable(
  "factions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    alignment: text("alignment", { enum: ALIGNMENTS }).notNull(),
    summary: text("summary").notNull().default(""),
    description: text("description").notNull().default(""),
    specialty: text("specialty").notNull().default(""),
    logoUrl: text("logo_url"),
    backgroundUrl: text("background_url"),
    bannerUrl: text("banner_url"),
    startingResources: text("starting_resources"),
    factionBonuses: text("faction_bonuses"),
    isActive: bool("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("factions_name_unique").on(t.name),
    index("factions_name_nocase_idx").on(sql`${t.name} COLLATE NOCASE`),
    index("factions_active_sort_idx").on(t.isActive, t.sortOrder),
    check("factions_alignment", inList("alignment", ALIGNMENTS)),
    check("factions_name_len", sql`length(${t.name}) BETWEEN 1 AND 100`),
  ],
);

export const units = sqliteTable(
  "units",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    factionId: integer("faction_id")
      .notNull()
      .references(() => factions.id, { onDelete: "cascade" }),
    /** The upgrade-0 unit this one upgrades (null for base units). */
    baseUnitId: integer("base_unit_id"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    summary: text("summary").notNull().default(""),
    tier: integer("tier").notNull().default(1),
    cost: integer("cost").notNull().default(0),
    attack: integer("attack").notNull().default(0),
    defense: integer("defense").notNull().default(0),
    minDamage: integer("min_damage").notNull().default(0),
    maxDamage: integer("max_damage").notNull().default(0),
    health: integer("health").notNull().default(0),
    speed: integer("speed").notNull().default(0),
    initiative: integer("initiative").notNull().default(0),
    morale: integer("morale").notNull().default(0),
    luck: integer("luck").notNull().default(0),
    unitType: text("unit_type", { enum: UNIT_TYPES }).notNull().default("Infantry"),
    upgradeLevel: integer("upgrade_level").notNull().default(0),
    isUpgraded: bool("is_upgraded").notNull().default(false),
    weeklyGrowth: integer("weekly_growth").notNull().default(0),
    /** JSON text (a list of abilities) or null. */
    specialAbilities: text("special_abilities"),
    portraitUrl: text("portrait_url"),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** The lists' order (faction, tier, upgrade level, id): pages read in index order; any read by faction (migration 0016). */
    index("units_list_idx").on(t.factionId, t.tier, t.upgradeLevel),
    /** A list filtered by one value, read from where its page starts (migration 0016). */
    index("units_tier_list_idx").on(t.tier, t.factionId, t.upgradeLevel),
    index("units_type_list_idx").on(t.unitType, t.factionId, t.tier, t.upgradeLevel),
    index("units_level_list_idx").on(t.upgradeLevel, t.factionId, t.tier),
    /** A list filtered by two or three values, read matching rows only (migration 0017). */
    index("units_tier_type_list_idx").on(t.tier, t.unitType, t.factionId, t.upgradeLevel),
    index("units_tier_level_list_idx").on(t.tier, t.upgradeLevel, t.factionId),
    index("units_type_level_list_idx").on(t.unitType, t.upgradeLevel, t.factionId, t.tier),
    index("units_base_idx").on(t.baseUnitId),
    /** Wiki links by name find a unit as NOCASE compares (migration 0025). */
    index("units_name_nocase_idx").on(sql`${t.name} COLLATE NOCASE`),
    check("units_tier", sql`${t.tier} BETWEEN 1 AND 7`),
    check("units_upgrade_level", sql`${t.upgradeLevel} BETWEEN 0 AND 2`),
    check("units_type", inList("unit_type", UNIT_TYPES)),
    check("units_damage", sql`${t.minDamage} >= 0 AND ${t.maxDamage} >= ${t.minDamage}`),
    check("units_name_len", sql`length(${t.name}) BETWEEN 1 AND 100`),
  ],
);

export const heroes = sqliteTable(
  "heroes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    factionId: integer("faction_id")
      .notNull()
      .references(() => factions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    title: text("title").notNull().default(""),
    biography: text("biography").notNull().default(""),
    summary: text("summary").notNull().default(""),
    /** Free text in the editor (e.g. "Battle Mage"); filters use heroType. */
    heroClass: text("hero_class").notNull().default(""),
    heroType: text("hero_type", { enum: HERO_TYPES }).notNull().default("Might"),
    specialty: text("specialty").notNull().default(""),
    specialtyDescription: text("specialty_description").notNull().default(""),
    startingAttack: integer("starting_attack").notNull().default(0),
    startingDefense: integer("starting_defense").notNull().default(0),
    startingSpellPower: integer("starting_spell_power").notNull().default(0),
    startingKnowledge: integer("starting_knowledge").notNull().default(0),
    rarityLevel: integer("rarity_level").notNull().default(1),
    startingSkills: text("starting_skills"),
    startingSpells: text("starting_spells"),
    portraitUrl: text("portrait_url"),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("heroes_faction_idx").on(t.factionId, t.heroType),
    /** The lists' order (faction, name, id) (migration 0016). */
    index("heroes_list_idx").on(t.factionId, t.name),
    /** The list by class, compared case-insensitively as the filter does (migration 0016). */
    index("heroes_class_list_idx").on(sql`${t.heroClass} COLLATE NOCASE`, t.factionId, t.name),
    index("heroes_class_idx").on(t.heroClass),
    index("heroes_name_nocase_idx").on(sql`${t.name} COLLATE NOCASE`),
    /** The list by type, rarity or both, read from where its page starts (migration 0017). */
    index("heroes_type_list_idx").on(t.heroType, t.factionId, t.name),
    index("heroes_rarity_list_idx").on(t.rarityLevel, t.factionId, t.name),
    index("heroes_type_rarity_list_idx").on(t.heroType, t.rarityLevel, t.factionId, t.name),
    check("heroes_type", inList("hero_type", HERO_TYPES)),
    check("heroes_rarity", sql`${t.rarityLevel} BETWEEN 1 AND 4`),
    check("heroes_name_len", sql`length(${t.name}) BETWEEN 1 AND 100`),
  ],
);

export const spells = sqliteTable(
  "spells",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    school: text("school", { enum: SPELL_SCHOOLS }).notNull(),
    level: integer("level").notNull().default(1),
    manaCost: integer("mana_cost").notNull().default(0),
    basePower: integer("base_power").notNull().default(0),
    type: text("type", { enum: SPELL_TYPES }).notNull().default("Combat"),
    target: text("target", { enum: SPELL_TARGETS }).notNull().default("Single"),
    duration: text("duration", { enum: SPELL_DURATIONS }).notNull().default("Instant"),
    isCommon: bool("is_common").notNull().default(false),
    requiredSkillLevel: integer("required_skill_level").notNull().default(0),
    effects: text("effects"),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("spells_name_unique").on(t.name),
    index("spells_name_nocase_idx").on(sql`${t.name} COLLATE NOCASE`),
    index("spells_school_level_idx").on(t.school, t.level),
    /** The spell book's order (school, level, name) (migration 0016). */
    index("spells_list_idx").on(t.school, t.level, t.name),
    index("spells_type_list_idx").on(t.type, t.school, t.level, t.name),
    /** A filtered spell list reads one filter's value from where its page starts (migration 0017). */
    index("spells_level_list_idx").on(t.level, t.school, t.name),
    index("spells_target_list_idx").on(t.target, t.school, t.level, t.name),
    index("spells_target_type_list_idx").on(t.target, t.type, t.school, t.level, t.name),
    index("spells_common_list_idx").on(t.isCommon, t.school, t.level, t.name),
    check("spells_school", inList("school", SPELL_SCHOOLS)),
    check("spells_level", sql`${t.level} BETWEEN 1 AND 5`),
    check("spells_type", inList("type", SPELL_TYPES)),
    check("spells_target", inList("target", SPELL_TARGETS)),
    check("spells_duration", inList("duration", SPELL_DURATIONS)),
    check("spells_mana", sql`${t.manaCost} >= 0`),
  ],
);

/** Which spells a faction's mage guild offers. */
export const factionSpells = sqliteTable(
  "faction_spells",
  {
    factionId: integer("faction_id")
      .notNull()
      .references(() => factions.id, { onDelete: "cascade" }),
    spellId: integer("spell_id")
      .notNull()
      .references(() => spells.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.factionId, t.spellId] }),
    /** A spell's faction ids in order, from the index alone (migration 0016). */
    index("faction_spells_spell_faction_idx").on(t.spellId, t.factionId),
  ],
);

export const gameInfoArticles = sqliteTable(
  "game_info_articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    category: text("category").notNull(),
    summary: text("summary").notNull().default(""),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    author: text("author").notNull().default(""),
    isFeatured: bool("is_featured").notNull().default(false),
    isPublished: bool("is_published").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    publishedAt: text("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("game_info_slug_unique").on(t.slug),
    index("game_info_title_nocase_idx").on(sql`${t.title} COLLATE NOCASE`),
    index("game_info_category_idx").on(t.isPublished, t.category, t.sortOrder),
    index("game_info_featured_idx").on(t.isPublished, t.isFeatured),
    // The list's order (featured first, then sort order, the newest first), all and by category
    // (matched whatever its case), so a page reads its own rows only, not every guide.
    index("game_info_list_idx").on(t.isPublished, sql`${t.isFeatured} DESC`, t.sortOrder, sql`${t.publishedAt} DESC`, t.id),
    index("game_info_category_list_idx").on(
      t.isPublished,
      sql`${t.category} COLLATE NOCASE`,
      sql`${t.isFeatured} DESC`,
      t.sortOrder,
      sql`${t.publishedAt} DESC`,
      t.id,
    ),
    check("game_info_title_len", sql`length(${t.title}) BETWEEN 1 AND 200`),
    check("game_info_slug_len", sql`length(${t.slug}) BETWEEN 1 AND 120`),
    check("game_info_category_len", sql`length(${t.category}) BETWEEN 1 AND 50`),
  ],
);

/**
 * The slugs a game-info article had before: `/game-info/{old}` answers a permanent redirect to
 * the article's current slug, and the API answers the article for an old slug. A slug taken
 * again (by any article) leaves this table; an article's deletion takes its old slugs along.
 */
export const gameInfoSlugRedirects = sqliteTable(
  "game_info_slug_redirects",
  {
    slug: text("slug").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => gameInfoArticles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("game_info_slug_redirects_article_idx").on(t.articleId)],
);

/**
 * The wiki links and stat cards of guide and news bodies (docs/design/wiki.md), written on every
 * save of a body and removed with it; what it resolved to is kept up to date by triggers when a
 * record is created, renamed or deleted (migration 0025). It feeds "What links here", the broken
 * links list, and the fallback that keeps a link by name working after its target is renamed.
 */
export const wikiLinks = sqliteTable(
  "wiki_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sourceType: text("source_type", { enum: WIKI_SOURCE_TYPES }).notNull(),
    sourceId: integer("source_id").notNull(),
    kind: text("kind", { enum: ["link", "card"] }).notNull(),
    /** The reference in one spelling (shared/wiki-syntax.ts `key`). */
    refKey: text("ref_key").notNull(),
    /** The type written (`[[unit:…]]`), or null for a bare name (any type). */
    refType: text("ref_type", { enum: WIKI_TYPES }),
    /** The name written, compared as NOCASE; null for a reference by id. */
    refName: text("ref_name"),
    /** What the reference resolves to: null while nothing matches. */
    targetType: text("target_type", { enum: WIKI_TYPES }),
    targetId: integer("target_id"),
    /** The name matched more than one record (the documented order chose one). */
    ambiguous: bool("ambiguous").notNull().default(false),
    /** The text a reader sees (the label, or the reference as written). */
    text: text("text").notNull(),
  },
  (t) => [
    uniqueIndex("wiki_links_source_ref_unique").on(t.sourceType, t.sourceId, t.kind, t.refKey),
    index("wiki_links_target_idx").on(t.targetType, t.targetId, t.sourceType, t.sourceId),
    index("wiki_links_unresolved_idx").on(sql`${t.refName} COLLATE NOCASE`).where(sql`${t.targetId} IS NULL`),
    check("wiki_links_source_type", inList("source_type", WIKI_SOURCE_TYPES)),
    check("wiki_links_kind", sql`${t.kind} IN ('link', 'card')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------------------------

export const mediaCategories = sqliteTable(
  "media_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    slug: text("slug").notNull(),
    color: text("color").notNull().default("#3B82F6"),
    iconUrl: text("icon_url"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("media_categories_slug_unique").on(t.slug),
    index("media_categories_active_sort_idx").on(t.isActive, t.sortOrder),
    check("media_categories_name_len", sql`length(${t.name}) BETWEEN 1 AND 100`),
    check("media_categories_description_len", sql`length(${t.description}) <= 500`),
    check("media_categories_slug_len", sql`length(${t.slug}) BETWEEN 1 AND 50`),
    check("media_categories_icon_len", sql`${t.iconUrl} IS NULL OR length(${t.iconUrl}) <= 255`),
    check("media_categories_sort", sql`${t.sortOrder} BETWEEN 0 AND 1000`),
    check("media_categories_color", sql`${t.color} GLOB '#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]*'`),
  ],
);

export const mediaItems = sqliteTable(
  "media_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    mediaType: text("media_type", { enum: MEDIA_TYPES }).notNull(),
    altText: text("alt_text").notNull().default(""),
    caption: text("caption").notNull().default(""),
    /** Comma-separated, as the spec's form sends them. */
    tags: text("tags").notNull().default(""),
    categoryId: integer("category_id").references(() => mediaCategories.id, {
      onDelete: "set null",
    }),
    factionId: integer("faction_id").references(() => factions.id, { onDelete: "set null" }),
    isApproved: bool("is_approved").notNull().default(false),
    isFeatured: bool("is_featured").notNull().default(false),
    /** R2 key of the original (files are served at /files/{key}). */
    originalKey: text("original_key"),
    /** External original (e.g. a video host) when the file is not in R2. */
    originalUrl: text("original_url"),
    largeKey: text("large_key"),
    largeWebpKey: text("large_webp_key"),
    thumbnailKey: text("thumbnail_key"),
    thumbnailWebpKey: text("thumbnail_webp_key"),
    posterKey: text("poster_key"),
    thumbnailStatus: text("thumbnail_status", { enum: THUMBNAIL_STATES })
      .notNull()
      .default("pending"),
    /** The last thumbnail job error (cleared when a job succeeds or is queued again). */
    thumbnailError: text("thumbnail_error"),
    contentType: text("content_type"),
    width: integer("width"),
    height: integer("height"),
    fileSize: integer("file_size").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Set when a moderator rejected the pending item, with the reason its uploader reads; cleared
     * when it is approved. A rejected item stays unapproved (its files private) until then.
     */
    rejectedAt: text("rejected_at"),
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The gallery's exact order (migration 0015): a page walks the index without sorting.
    index("media_gallery_idx").on(t.isApproved, t.sortOrder, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    // The media manager's order over every moderation state (migration 0021): an unfiltered page walks it.
    index("media_order_idx").on(t.sortOrder, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    // One moderation state (approved, pending: rejected_at NULL, rejected) in the same order (migration 0021).
    index("media_state_order_idx").on(t.isApproved, sql`(${t.rejectedAt} IS NULL)`, t.sortOrder, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    index("media_uploaded_by_idx").on(t.uploadedBy),
    index("media_category_idx").on(t.categoryId),
    index("media_faction_idx").on(t.factionId),
    index("media_type_idx").on(t.mediaType),
    index("media_featured_idx").on(t.isFeatured),
    // /files/* looks up the item a key belongs to (unapproved items' files are private).
    index("media_original_key_idx").on(t.originalKey),
    index("media_large_key_idx").on(t.largeKey),
    index("media_large_webp_key_idx").on(t.largeWebpKey),
    index("media_thumbnail_key_idx").on(t.thumbnailKey),
    index("media_thumbnail_webp_key_idx").on(t.thumbnailWebpKey),
    index("media_poster_key_idx").on(t.posterKey),
    check("media_type", inList("media_type", MEDIA_TYPES)),
    check("media_thumbnail_status", inList("thumbnail_status", THUMBNAIL_STATES)),
    check("media_title_len", sql`length(${t.title}) BETWEEN 1 AND 200`),
    check("media_description_len", sql`length(${t.description}) <= 2000`),
    check("media_counts", sql`${t.viewCount} >= 0 AND ${t.fileSize} >= 0`),
  ],
);

/**
 * One row per visitor, item and UTC day: a view is counted only when its row is new. Rows older
 * than yesterday are pruned as new views arrive.
 */
export const mediaViews = sqliteTable(
  "media_views",
  {
    mediaId: integer("media_id")
      .notNull()
      .references(() => mediaItems.id, { onDelete: "cascade" }),
    /** "u:{userId}" for signed-in visitors, else a salted hash of the client (never the raw IP). */
    visitor: text("visitor").notNull(),
    /** UTC date, YYYY-MM-DD. */
    day: text("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.visitor, t.day] }), index("media_views_day_idx").on(t.day)],
);

/** Thumbnail jobs that exhausted their retries (written by the dead-letter queue consumer). */
export const thumbnailFailures = sqliteTable(
  "thumbnail_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    mediaId: integer("media_id").references(() => mediaItems.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("thumbnail_failures_media_idx").on(t.mediaId)],
);

/**
 * Unfinished uploads (browser → Worker → R2 multipart), owned by the user who started them, with
 * what the media item gets on completion. Completing or aborting removes the row; the scheduled
 * cleanup aborts uploads left unfinished for 24 hours.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    /** Opaque (a UUID): ids in paths name nothing for other users. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Where the original will be once the parts are joined (media/u{id}/original.{ext}). */
    objectKey: text("object_key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type", { enum: UPLOAD_CONTENT_TYPES }).notNull(),
    partSize: integer("part_size").notNull(),
    partCount: integer("part_count").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    categoryId: integer("category_id").references(() => mediaCategories.id, { onDelete: "set null" }),
    factionId: integer("faction_id").references(() => factions.id, { onDelete: "set null" }),
    /** A video's poster frame, once received. */
    posterKey: text("poster_key"),
    status: text("status", { enum: UPLOAD_STATES }).notNull().default("uploading"),
    createdAt: createdAt(),
  },
  (t) => [
    index("uploads_user_idx").on(t.userId, t.createdAt),
    index("uploads_created_idx").on(t.createdAt),
    check("uploads_status", inList("status", UPLOAD_STATES)),
    check("uploads_content_type", inList("content_type", UPLOAD_CONTENT_TYPES)),
    check("uploads_sizes", sql`${t.size} >= 1 AND ${t.partSize} >= 1 AND ${t.partCount} >= 1`),
    check("uploads_title_len", sql`length(${t.title}) BETWEEN 1 AND 200`),
    check("uploads_file_name_len", sql`length(${t.fileName}) BETWEEN 1 AND 255`),
  ],
);

/** The parts of an upload R2 has (its binding cannot list them), for resuming. */
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.partNumber] }),
    check("upload_parts_number", sql`${t.partNumber} BETWEEN 1 AND 10000`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Site
// ---------------------------------------------------------------------------------------------

/** A single row (id = 1) of site options, with their defaults. */
export const siteSettings = sqliteTable(
  "site_settings",
  {
    id: integer("id").primaryKey(),
    siteName: text("site_name").notNull().default("Realm Codex"),
    siteDescription: text("site_description").notNull().default(""),
    enableComments: bool("enable_comments").notNull().default(true),
    moderateComments: bool("moderate_comments").notNull().default(true),
    enableRegistration: bool("enable_registration").notNull().default(true),
    requireEmailVerification: bool("require_email_verification").notNull().default(true),
    maxFileUploadSize: integer("max_file_upload_size").notNull().default(10),
    maintenanceMode: bool("maintenance_mode").notNull().default(false),
    maintenanceMessage: text("maintenance_message").notNull().default(""),
    /** JSON list of the hostnames pages may load images from besides /files/ (migration 0024). */
    imageHosts: text("image_hosts").notNull().default("[]"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("site_settings_single_row", sql`${t.id} = 1`),
    check("site_settings_upload_size", sql`${t.maxFileUploadSize} BETWEEN 1 AND 100`),
  ],
);

/**
 * Who changed what: every write by a moderator or admin. Append-only: triggers refuse UPDATE and
 * DELETE (migrations/0011_guides_and_audit.sql), so no route, script or cascade can change a row.
 * `details` is JSON: `{ before, after }` with the changed fields' old and new values (one side
 * for a create or a delete; older rows may hold the new values only).
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** JSON with the changed fields (never secrets). */
    details: text("details"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_entity_idx").on(t.entityType, t.entityId),
    index("audit_created_idx").on(t.createdAt),
    index("audit_user_idx").on(t.userId),
    // One kind of record's rows, newest first (the log filtered by entity type, migration 0020).
    index("audit_entity_order_idx").on(t.entityType, t.id),
    check("audit_action", inList("action", AUDIT_ACTIONS)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Change history (game assets, news, guides): who changed what, each field's old and new value
// ---------------------------------------------------------------------------------------------

/** The records whose changes are kept (and can be restored), and the kinds of change. */
export const HISTORY_ENTITIES = HISTORY_ENTITY_TYPES;
export type HistoryEntity = HistoryEntityType;
export const HISTORY_ACTIONS = HISTORY_ACTION_TYPES;
export type HistoryAction = HistoryActionType;

export const changeHistory = sqliteTable(
  "change_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    entityType: text("entity_type", { enum: HISTORY_ENTITIES }).notNull(),
    /** NOT NULL on purpose: writes give it as a guarded subquery, and NULL aborts their batch. */
    entityId: integer("entity_id").notNull(),
    action: text("action", { enum: HISTORY_ACTIONS }).notNull(),
    /** JSON object: field name → { old, new } (old null on create, new null on delete). */
    changes: text("changes").notNull(),
    /** The change whose old values a restore put back. */
    restoredFrom: integer("restored_from"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("change_history_entity_idx").on(t.entityType, t.entityId, t.id),
    check("change_history_entity", inList("entity_type", HISTORY_ENTITIES)),
    check("change_history_action", inList("action", HISTORY_ACTIONS)),
  ],
);
