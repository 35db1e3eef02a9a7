/**
 * Loads the demo content (invented world of Aldermere) into the LOCAL D1 database and R2 bucket.
 *   npm run db:seed                         seed .wrangler/state (same state as `npm run dev` / `npm start`)
 *   npm run db:seed -- --persist-to DIR     another local state directory
 *   npm run db:seed -- --if-empty           do nothing when the users table already has rows
 *   npm run db:seed -- --remote             refused: demo accounts are local-only
 *
 * Idempotent: demo rows are upserted by their natural keys (faction/spell names, slugs, emails)
 * or deleted and re-inserted (units, heroes, news, media items), all in ONE D1 batch, which is a
 * single transaction: a failure leaves the database as it was. Images are rendered first and
 * stored in R2 under content-addressed keys (the hash of what was drawn), so they never change
 * under a key and re-runs skip images that are already stored.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { hashPassword } from "../worker/lib/password.ts";
import { ACCOUNTS, DEMO_PASSWORD, SITE_SETTINGS } from "./demo/accounts.ts";
import { FACTIONS, type DemoFaction } from "./demo/factions.ts";
import { GAME_INFO } from "./demo/game-info.ts";
import { buildHeroes } from "./demo/heroes.ts";
import { bannerSvg, emblemSvg, mediaKeys, pool, renderMedia, renderSvg, sceneSvg, shortHash } from "./demo/images.ts";
import { MEDIA_CATEGORIES, MEDIA_ITEMS, type DemoMediaItem } from "./demo/media.ts";
import { NEWS } from "./demo/news.ts";
import { pick } from "./demo/pick.ts";
import { SPELLS } from "./demo/spells.ts";
import { buildUnits } from "./demo/units.ts";
import { argValue, DEFAULT_PERSIST_DIR } from "./lib.ts";

// Minimal binding types (the Node scripts do not load the Workers type definitions).
type Stmt = { bind(...values: unknown[]): Stmt; first<T = Record<string, unknown>>(): Promise<T | null> };
type Database = { prepare(sql: string): Stmt; batch(statements: Stmt[]): Promise<unknown[]> };
type Bucket = {
  head(key: string): Promise<{ size: number } | null>;
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
};
type Bindings = { DB: Database; MEDIA: Bucket };

/** Bump to re-render every demo image (the version is part of each key's hash). */
const ART_VERSION = "art-v1";
const MEDIA_SIZE = { width: 1600, height: 900 };

const started = Date.now();
const persistTo = argValue("--persist-to") ?? DEFAULT_PERSIST_DIR;
const ifEmpty = process.argv.includes("--if-empty");

if (process.argv.includes("--remote")) {
  console.error("✖ Refusing to seed a remote database: the demo accounts share a published password and are for local development only.");
  process.exit(1);
}

const iso = (daysAgo: number, hour = 10) => {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const b = (v: boolean) => (v ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

type StoredFile = { key: string; size: number };

/** Renders (unless already stored) and uploads one file; returns its key and stored size. */
async function storeRendered(bucket: Bucket, key: string, render: () => Promise<Buffer>, contentType: string): Promise<StoredFile> {
  const existing = await bucket.head(key);
  if (existing) return { key, size: existing.size };
  const bytes = await render();
  await bucket.put(key, bytes, { httpMetadata: { contentType } });
  return { key, size: bytes.length };
}

type FactionArt = { logoUrl: string; backgroundUrl: string; bannerUrl: string };

async function factionArt(bucket: Bucket, faction: DemoFaction): Promise<FactionArt> {
  const p = faction.palette;
  const logo = emblemSvg(`${faction.slug}:logo`, p, 512);
  const background = sceneSvg({ seed: `${faction.slug}:background`, palette: p, width: 1600, height: 900, night: faction.night });
  const banner = bannerSvg(`${faction.slug}:banner`, p, 1600, 400);
  const key = (kind: string, svg: string, ext: string) => `factions/${faction.slug}/${kind}-${shortHash(ART_VERSION + svg)}.${ext}`;
  const [l, bg, bn] = await Promise.all([
    storeRendered(bucket, key("logo", logo, "png"), () => renderSvg(logo, "png"), "image/png"),
    storeRendered(bucket, key("background", background, "jpg"), () => renderSvg(background, "jpeg"), "image/jpeg"),
    storeRendered(bucket, key("banner", banner, "jpg"), () => renderSvg(banner, "jpeg"), "image/jpeg"),
  ]);
  return { logoUrl: `/files/${l.key}`, backgroundUrl: `/files/${bg.key}`, bannerUrl: `/files/${bn.key}` };
}

type MediaFiles = ReturnType<typeof mediaKeys> & { fileSize: number };

async function mediaArt(bucket: Bucket, item: DemoMediaItem, index: number): Promise<MediaFiles> {
  const faction = FACTIONS.find((f) => f.slug === item.factionSlug)!;
  const svg = sceneSvg({ seed: `media:${item.title}`, palette: faction.palette, ...MEDIA_SIZE, motif: item.motif, night: index % 3 === 0 ? true : undefined });
  const prefix = `demo-${shortHash(ART_VERSION + svg)}`;
  const keys = mediaKeys(prefix);
  const heads = await Promise.all(Object.values(keys).map((k) => bucket.head(k)));
  if (heads.every(Boolean)) return { ...keys, fileSize: heads[0]!.size };
  const rendered = await renderMedia(svg, prefix, MEDIA_SIZE.width, MEDIA_SIZE.height);
  await Promise.all(Object.values(rendered.files).map((f) => bucket.put(f.key, f.bytes, { httpMetadata: { contentType: f.contentType } })));
  return { ...keys, fileSize: rendered.files.original.bytes.length };
}

async function newsArt(bucket: Bucket, slug: string, factionSlug: string): Promise<string> {
  const faction = FACTIONS.find((f) => f.slug === factionSlug)!;
  const svg = sceneSvg({ seed: `news:${slug}`, palette: faction.palette, width: 1200, height: 675, night: faction.night });
  const stored = await storeRendered(bucket, `news/${slug}-${shortHash(ART_VERSION + svg)}.jpg`, () => renderSvg(svg, "jpeg"), "image/jpeg");
  return `/files/${stored.key}`;
}

// ---------------------------------------------------------------------------------------------
// SQL
// ---------------------------------------------------------------------------------------------

const FACTION_ID = "(SELECT id FROM factions WHERE name = ?)";
const USER_ID = "(SELECT id FROM users WHERE email = ?)";
const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

async function statements(db: Database, art: { factions: FactionArt[]; media: MediaFiles[]; news: (string | null)[] }): Promise<Stmt[]> {
  const q = (sql: string, ...values: unknown[]) => db.prepare(sql).bind(...values);
  const out: Stmt[] = [];
  const factionNames = FACTIONS.map((f) => f.name);
  const units = buildUnits();
  const heroes = buildHeroes();
  const admin = ACCOUNTS.find((a) => a.roles.includes("Admin"))!.email;
  const moderator = ACCOUNTS.find((a) => a.roles.includes("Moderator"))!.email;

  // Accounts (upsert by email so ids, and sessions, survive a re-seed).
  for (const a of ACCOUNTS) {
    out.push(
      q(
        `INSERT INTO users (email, password_hash, first_name, last_name, profile_picture_url, is_active, email_confirmed, failed_login_count, locked_until)
         VALUES (?, ?, ?, ?, ?, 1, 1, 0, NULL)
         ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, first_name = excluded.first_name,
           last_name = excluded.last_name, profile_picture_url = excluded.profile_picture_url, is_active = 1,
           email_confirmed = 1, failed_login_count = 0, locked_until = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        a.email, await hashPassword(DEMO_PASSWORD), a.firstName, a.lastName, a.profilePictureUrl,
      ),
      q(`DELETE FROM user_roles WHERE user_id = ${USER_ID}`, a.email),
      ...a.roles.map((role) => q(`INSERT INTO user_roles (user_id, role) VALUES (${USER_ID}, ?)`, a.email, role)),
    );
  }
  const s = SITE_SETTINGS;
  out.push(
    q(
      `INSERT INTO site_settings (id, site_name, site_description, enable_comments, moderate_comments, enable_registration,
         require_email_verification, max_file_upload_size, maintenance_mode, maintenance_message)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
      s.siteName, s.siteDescription, b(s.enableComments), b(s.moderateComments), b(s.enableRegistration),
      b(s.requireEmailVerification), s.maxFileUploadSize, b(s.maintenanceMode), s.maintenanceMessage,
    ),
  );

  // Factions (upsert by name).
  FACTIONS.forEach((f, i) => {
    const a = pick(art.factions, i, "faction art");
    out.push(
      q(
        `INSERT INTO factions (name, alignment, summary, description, specialty, logo_url, background_url, banner_url,
           starting_resources, faction_bonuses, is_active, sort_order)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)
         ON CONFLICT(name) DO UPDATE SET alignment = excluded.alignment, summary = excluded.summary,
           description = excluded.description, specialty = excluded.specialty, logo_url = excluded.logo_url,
           background_url = excluded.background_url, banner_url = excluded.banner_url,
           starting_resources = excluded.starting_resources, faction_bonuses = excluded.faction_bonuses,
           is_active = 1, sort_order = excluded.sort_order, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        f.name, f.alignment, f.summary, f.description, f.specialty, a.logoUrl, a.backgroundUrl, a.bannerUrl,
        f.startingResources, f.factionBonuses, f.sortOrder,
      ),
    );
  });

  // Spells (upsert by name) and the faction ↔ spell links.
  for (const sp of SPELLS) {
    out.push(
      q(
        `INSERT INTO spells (name, description, school, level, mana_cost, base_power, type, target, duration, is_common,
           required_skill_level, effects, is_active)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
         ON CONFLICT(name) DO UPDATE SET description = excluded.description, school = excluded.school, level = excluded.level,
           mana_cost = excluded.mana_cost, base_power = excluded.base_power, type = excluded.type, target = excluded.target,
           duration = excluded.duration, is_common = excluded.is_common, required_skill_level = excluded.required_skill_level,
           effects = excluded.effects, is_active = 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        sp.name, sp.description, sp.school, sp.level, sp.manaCost, sp.basePower, sp.type, sp.target, sp.duration,
        b(sp.isCommon), sp.requiredSkillLevel, sp.effects,
      ),
    );
  }
  const spellNames = SPELLS.map((sp) => sp.name);
  out.push(
    q(
      `DELETE FROM faction_spells WHERE faction_id IN (SELECT id FROM factions WHERE name IN (${placeholders(factionNames.length)}))
         AND spell_id IN (SELECT id FROM spells WHERE name IN (${placeholders(spellNames.length)}))`,
      ...factionNames, ...spellNames,
    ),
  );
  for (const f of FACTIONS) {
    out.push(
      q(
        `INSERT INTO faction_spells (faction_id, spell_id)
         SELECT ${FACTION_ID}, id FROM spells WHERE (school IN (?, ?) OR is_common = 1) AND name IN (${placeholders(spellNames.length)})`,
        f.name, f.schools[0], f.schools[1], ...spellNames,
      ),
    );
  }

  // Units and heroes: delete the demo ones by name, insert again (upgrades link to their base by name).
  for (const f of FACTIONS) {
    const names = units.filter((u) => u.factionSlug === f.slug).map((u) => u.name);
    out.push(q(`DELETE FROM units WHERE faction_id = ${FACTION_ID} AND name IN (${placeholders(names.length)})`, f.name, ...names));
    const heroNames = heroes.filter((h) => h.factionSlug === f.slug).map((h) => h.name);
    out.push(q(`DELETE FROM heroes WHERE faction_id = ${FACTION_ID} AND name IN (${placeholders(heroNames.length)})`, f.name, ...heroNames));
  }
  const factionName = (slug: string) => FACTIONS.find((f) => f.slug === slug)!.name;
  for (const u of units) {
    out.push(
      q(
        `INSERT INTO units (faction_id, base_unit_id, name, description, summary, tier, cost, attack, defense, min_damage, max_damage,
           health, speed, initiative, morale, luck, unit_type, upgrade_level, is_upgraded, weekly_growth, special_abilities, is_active)
         VALUES (${FACTION_ID},
           CASE WHEN ? IS NULL THEN NULL ELSE (SELECT id FROM units WHERE faction_id = ${FACTION_ID} AND name = ? AND upgrade_level = 0 ORDER BY id DESC LIMIT 1) END,
           ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
        factionName(u.factionSlug), u.baseName, factionName(u.factionSlug), u.baseName,
        u.name, u.description, u.summary, u.tier, u.cost, u.attack, u.defense, u.minDamage, u.maxDamage,
        u.health, u.speed, u.initiative, u.morale, u.luck, u.unitType, u.upgradeLevel, b(u.isUpgraded), u.weeklyGrowth, u.specialAbilities,
      ),
    );
  }
  for (const h of heroes) {
    out.push(
      q(
        `INSERT INTO heroes (faction_id, name, title, biography, summary, hero_class, hero_type, specialty, specialty_description,
           starting_attack, starting_defense, starting_spell_power, starting_knowledge, rarity_level, starting_skills, starting_spells, is_active)
         VALUES (${FACTION_ID}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
        factionName(h.factionSlug), h.name, h.title, h.biography, h.summary, h.heroClass, h.heroType, h.specialty,
        h.specialtyDescription, h.startingAttack, h.startingDefense, h.startingSpellPower, h.startingKnowledge,
        h.rarityLevel, h.startingSkills, h.startingSpells,
      ),
    );
  }

  // News: delete the demo articles (tags go with them) and insert again.
  const titles = NEWS.map((n) => n.title);
  out.push(q(`DELETE FROM news_tags WHERE article_id IN (SELECT id FROM news_articles WHERE title IN (${placeholders(titles.length)}))`, ...titles));
  out.push(q(`DELETE FROM news_articles WHERE title IN (${placeholders(titles.length)})`, ...titles));
  NEWS.forEach((n, i) => {
    const published = n.daysAgo !== null;
    const when = published ? iso(n.daysAgo!, 9 + (i % 8)) : iso(1, 16);
    out.push(
      q(
        `INSERT INTO news_articles (title, summary, content, author, image_url, is_published, published_at, created_at, updated_at, created_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${USER_ID})`,
        n.title, n.summary, n.content, n.author, art.news[i], b(published), published ? when : null, when, when, i % 2 ? moderator : admin,
      ),
      ...n.tags.map((tag, position) =>
        q(`INSERT INTO news_tags (article_id, tag, position) VALUES ((SELECT id FROM news_articles WHERE title = ?), ?, ?)`, n.title, tag, position),
      ),
    );
  });

  // Game info (upsert by slug).
  for (const g of GAME_INFO) {
    out.push(
      q(
        `INSERT INTO game_info_articles (title, slug, category, summary, content, author, is_featured, is_published, sort_order, published_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
         ON CONFLICT(slug) DO UPDATE SET title = excluded.title, category = excluded.category, summary = excluded.summary,
           content = excluded.content, author = excluded.author, is_featured = excluded.is_featured, is_published = 1,
           sort_order = excluded.sort_order, published_at = excluded.published_at, updated_at = excluded.updated_at`,
        g.title, g.slug, g.category, g.summary, g.content, g.author, b(g.isFeatured), g.sortOrder, iso(g.daysAgo), iso(g.daysAgo), iso(g.daysAgo),
      ),
    );
  }

  // Media: categories upserted by slug; demo items (keys under media/demo-*) deleted and inserted again.
  for (const c of MEDIA_CATEGORIES) {
    out.push(
      q(
        `INSERT INTO media_categories (name, description, slug, color, sort_order, is_active) VALUES (?, ?, ?, ?, ?, 1)
         ON CONFLICT(slug) DO UPDATE SET name = excluded.name, description = excluded.description, color = excluded.color,
           sort_order = excluded.sort_order, is_active = 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        c.name, c.description, c.slug, c.color, c.sortOrder,
      ),
    );
  }
  out.push(q(`DELETE FROM media_items WHERE original_key LIKE 'media/demo-%'`));
  MEDIA_ITEMS.forEach((m, i) => {
    const files = pick(art.media, i, "media files");
    const when = iso(m.daysAgo, 8 + (i % 10));
    out.push(
      q(
        `INSERT INTO media_items (title, description, media_type, alt_text, caption, tags, category_id, faction_id, is_approved, is_featured,
           original_key, large_key, large_webp_key, thumbnail_key, thumbnail_webp_key, thumbnail_status, content_type, width, height,
           file_size, view_count, sort_order, uploaded_by, created_at, updated_at)
         VALUES (?, ?, 'image', ?, ?, ?, (SELECT id FROM media_categories WHERE slug = ?), ${FACTION_ID}, ?, ?,
           ?, ?, ?, ?, ?, 'ready', 'image/jpeg', ?, ?, ?, ?, ?, ${USER_ID}, ?, ?)`,
        m.title, m.description, m.altText, m.caption, m.tags, m.categorySlug, factionName(m.factionSlug), b(m.isApproved), b(m.isFeatured),
        files.original, files.large, files.largeWebp, files.thumb, files.thumbWebp, MEDIA_SIZE.width, MEDIA_SIZE.height,
        files.fileSize, m.viewCount, m.sortOrder, moderator, when, when,
      ),
    );
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/**
 * Fast path for --if-empty (run by scripts/local-setup.ts on every dev start): count users by
 * reading the local D1 file directly with node:sqlite instead of starting workerd through
 * wrangler (importing wrangler alone takes seconds). Returns undefined when the file cannot be
 * found or read unambiguously; the caller then asks through the platform proxy.
 */
async function countUsersFromFile(dir: string): Promise<number | undefined> {
  try {
    const d1Dir = join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
    const files = readdirSync(d1Dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
    const [file] = files;
    if (files.length !== 1 || !file) return undefined;
    // node:sqlite is still flagged experimental in Node 22: keep its one-time warning off the console.
    const emit = process.emitWarning;
    process.emitWarning = () => {};
    const { DatabaseSync } = await import("node:sqlite");
    process.emitWarning = emit;
    const db = new DatabaseSync(join(d1Dir, file), { readOnly: true });
    try {
      return Number((db.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n);
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

if (ifEmpty) {
  const n = await countUsersFromFile(persistTo);
  if (n !== undefined && n > 0) {
    console.log(`Seed skipped: ${persistTo} already has ${n} user(s).`);
    process.exit(0);
  }
}

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
const { getPlatformProxy } = await import("wrangler");
const proxy = await getPlatformProxy<Bindings>({ configPath: "wrangler.toml", persist: { path: join(persistTo, "v3") } });
const proxyReady = Date.now();
let exitCode = 0;
let committed = false;
try {
  const { DB, MEDIA } = proxy.env;
  const table = await DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'").first();
  if (!table) throw new Error(`No users table in ${persistTo}: apply the migrations first (npm run db:migrate -- --persist-to ${persistTo}).`);
  const users = await DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
  if (ifEmpty && users && users.n > 0) {
    console.log(`Seed skipped: ${persistTo} already has ${users.n} user(s).`);
  } else {
    // Images first (content-addressed keys: storing them can never harm existing data).
    const [factionFiles, mediaFiles, newsFiles] = [
      await pool(FACTIONS, 2, (f) => factionArt(MEDIA, f)),
      await pool(MEDIA_ITEMS, 2, (m, i) => mediaArt(MEDIA, m, i)),
      await pool(NEWS, 2, (n) => (n.imageFaction ? newsArt(MEDIA, n.slug, n.imageFaction) : Promise.resolve(null))),
    ];
    const imagesDone = Date.now();

    // Then every row in one batch = one transaction.
    const batch = await statements(DB, { factions: factionFiles, media: mediaFiles, news: newsFiles });
    await DB.batch(batch);
    committed = true;
    const sqlDone = Date.now();

    const counts: Record<string, number> = {};
    for (const t of ["users", "factions", "units", "heroes", "spells", "faction_spells", "news_articles", "news_tags", "game_info_articles", "media_categories", "media_items"]) {
      counts[t] = (await DB.prepare(`SELECT count(*) AS n FROM ${t}`).first<{ n: number }>())!.n;
    }
    const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `Seeded ${persistTo} in ${secs(Date.now() - started)} (start ${secs(proxyReady - started)}, images ${secs(imagesDone - proxyReady)}, ` +
        `SQL ${secs(sqlDone - imagesDone)} for ${batch.length} statements):\n` +
        Object.entries(counts).map(([t, n]) => `  ${t.padEnd(20)} ${n}`).join("\n") +
        `\n  Sign in as ${ACCOUNTS.map((a) => a.email).join(", ")} with password ${DEMO_PASSWORD}`,
    );
  }
} catch (err) {
  console.error(
    committed
      ? `✖ Seeding wrote the demo content but failed afterwards: ${(err as Error).message}`
      : `✖ Seeding failed; the database was left as it was: ${(err as Error).message}`,
  );
  exitCode = 1;
} finally {
  await proxy.dispose();
}
process.exit(exitCode);
