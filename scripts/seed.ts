/**
 * Loads the demo content (invented world of Aldermere) into the LOCAL D1 database and R2 bucket.
 *   npm run db:seed                         seed .wrangler/state (same state as `npm run dev` / `npm start`)
 *   npm run db:seed -- --persist-to DIR     another local state directory
 *   npm run db:seed -- --if-empty           do nothing when the users table already has rows
 *   npm run db:seed -- --scale 100          the demo content, then a generated world 100× its size
 *                                           (scripts/demo/scale.ts; docs/scaling.md)
 *   npm run db:seed -- --remote             refused: demo accounts are local-only (so is a
 *                                           wrangler.toml with any binding marked remote)
 *
 * Idempotent: demo rows are upserted by their natural keys (faction/spell names, slugs, emails)
 * or deleted and re-inserted (units, heroes, news, media items), all in ONE D1 batch, which is a
 * single transaction: a failure leaves the database as it was. Images are rendered first and
 * stored in R2 under content-addressed keys (the hash of what was drawn), so they never change
 * under a key and re-runs skip images that are already stored.
 */

import { join } from "node:path";
import { hashPassword } from "../worker/lib/password.ts";
import { ACCOUNTS, DEMO_PASSWORD, SITE_SETTINGS } from "./demo/accounts.ts";
import { FACTIONS } from "./demo/factions.ts";
import { GAME_INFO } from "./demo/game-info.ts";
import { buildHeroes } from "./demo/heroes.ts";
import { pool } from "./demo/images.ts";
import { MEDIA_CATEGORIES, MEDIA_ITEMS } from "./demo/media.ts";
import { NEWS } from "./demo/news.ts";
import { pick } from "./demo/pick.ts";
import { SPELLS } from "./demo/spells.ts";
import { buildUnits } from "./demo/units.ts";
import { heroPortraitSvg, unitPortraitSvg } from "./demo/portraits.ts";
import { remoteBindingNames } from "../worker/lib/config-guards.ts";
import { argValue, DEFAULT_PERSIST_DIR, localD1File } from "./lib.ts";
import { type Bucket, type FactionArt, factionArt, loadStored, MEDIA_SIZE, mediaArt, type MediaFiles, newsArt, paletteOf, portraitArt } from "./demo/art-store.ts";
import { buildScaleRows, deleteScaleRows, demoCounts, readDemoArt, SCALE_ID_BASE, scaleTargets, writeScaleRows } from "./demo/scale.ts";

// Minimal binding types (the Node scripts do not load the Workers type definitions).
type Stmt = {
  bind(...values: unknown[]): Stmt;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
};
type Database = { prepare(sql: string): Stmt; batch(statements: Stmt[]): Promise<unknown[]> };
type Bindings = { DB: Database; MEDIA: Bucket };

const started = Date.now();
const persistTo = argValue("--persist-to") ?? DEFAULT_PERSIST_DIR;
const ifEmpty = process.argv.includes("--if-empty");
const scaleArg = argValue("--scale");
const scale = scaleArg === undefined ? undefined : Number(scaleArg);
if (scale !== undefined && !(Number.isFinite(scale) && scale >= 1 && scale <= 1000)) {
  console.error(`✖ --scale takes a factor from 1 to 1000 (100 = the 100× world), not "${scaleArg}".`);
  process.exit(1);
}

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
// SQL
// ---------------------------------------------------------------------------------------------

const USER_ID = "(SELECT id FROM users WHERE email = ?)";
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** `j.value ->> 'a', j.value ->> 'b'`: columns of the JSON rows bound as one parameter (json_each). */
const fields = (...names: string[]) => names.map((n) => `j.value ->> '${n}'`).join(", ");
/** `col = excluded.col, ...` for upserts. */
const excluded = (...columns: string[]) => columns.map((c) => `${c} = excluded.${c}`).join(", ");

/**
 * The whole demo content as a few statements. Rows travel as one JSON parameter per table and
 * are expanded with json_each, which keeps the batch small (each statement built through the
 * platform proxy costs a round trip to workerd).
 */
type SeedArt = { factions: FactionArt[]; media: MediaFiles[]; news: (string | null)[]; units: string[]; heroes: string[] };

async function statements(db: Database, art: SeedArt): Promise<Stmt[]> {
  const q = (sql: string, ...values: unknown[]) => db.prepare(sql).bind(...values);
  const json = (rows: unknown[]) => JSON.stringify(rows);
  const out: Stmt[] = [];
  const factionName = (slug: string) => {
    const faction = FACTIONS.find((f) => f.slug === slug);
    if (!faction) throw new Error(`Demo data: unknown faction ${slug}.`);
    return faction.name;
  };
  const units = buildUnits().map((u, i) => ({
    ...u,
    faction: factionName(u.factionSlug),
    isUpgraded: b(u.isUpgraded),
    portraitUrl: pick(art.units, i, "unit portrait"),
  }));
  const heroes = buildHeroes().map((h, i) => ({ ...h, faction: factionName(h.factionSlug), portraitUrl: pick(art.heroes, i, "hero portrait") }));
  const admin = ACCOUNTS.find((a) => a.roles.includes("Admin"))?.email;
  const moderator = ACCOUNTS.find((a) => a.roles.includes("Moderator"))?.email;

  // Accounts (upsert by email so ids, and sessions, survive a re-seed). Re-seeding also lifts every
  // sign-in lock and brake of the local database (they are kept per account and network in
  // login_locks / login_brakes, docs/decisions/0023-sign-in-locks.md).
  out.push(q("DELETE FROM login_locks"), q("DELETE FROM login_brakes"));
  for (const a of ACCOUNTS) {
    out.push(
      q(
        `INSERT INTO users (email, password_hash, first_name, last_name, profile_picture_url, is_active, email_confirmed, failed_login_count, locked_until)
         VALUES (?, ?, ?, ?, ?, 1, 1, 0, NULL)
         ON CONFLICT(email) DO UPDATE SET ${excluded("password_hash", "first_name", "last_name", "profile_picture_url")},
           is_active = 1, email_confirmed = 1, failed_login_count = 0, locked_until = NULL, updated_at = ${NOW}`,
        a.email, await hashPassword(DEMO_PASSWORD), a.firstName, a.lastName, a.profilePictureUrl,
      ),
      q(`DELETE FROM user_roles WHERE user_id = ${USER_ID}`, a.email),
      q(`INSERT INTO user_roles (user_id, role) SELECT ${USER_ID}, value FROM json_each(?)`, a.email, json(a.roles)),
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
  const factionRows = FACTIONS.map((f, i) => ({ ...f, ...pick(art.factions, i, "faction art") }));
  out.push(
    q(
      `INSERT INTO factions (name, alignment, summary, description, specialty, logo_url, background_url, banner_url,
         starting_resources, faction_bonuses, sort_order, is_active)
       SELECT ${fields("name", "alignment", "summary", "description", "specialty", "logoUrl", "backgroundUrl", "bannerUrl", "startingResources", "factionBonuses", "sortOrder")}, 1
       FROM json_each(?) j WHERE true
       ON CONFLICT(name) DO UPDATE SET ${excluded("alignment", "summary", "description", "specialty", "logo_url", "background_url", "banner_url", "starting_resources", "faction_bonuses", "sort_order")},
         is_active = 1, updated_at = ${NOW}`,
      json(factionRows),
    ),
  );

  // Spells (upsert by name) and the faction ↔ spell links (the faction's two schools + common spells).
  out.push(
    q(
      `INSERT INTO spells (name, description, school, level, mana_cost, base_power, type, target, duration, is_common, required_skill_level, effects, is_active)
       SELECT ${fields("name", "description", "school", "level", "manaCost", "basePower", "type", "target", "duration", "isCommon", "requiredSkillLevel", "effects")}, 1
       FROM json_each(?) j WHERE true
       ON CONFLICT(name) DO UPDATE SET ${excluded("description", "school", "level", "mana_cost", "base_power", "type", "target", "duration", "is_common", "required_skill_level", "effects")},
         is_active = 1, updated_at = ${NOW}`,
      json(SPELLS.map((sp) => ({ ...sp, isCommon: b(sp.isCommon) }))),
    ),
  );
  const links = FACTIONS.flatMap((f) =>
    SPELLS.filter((sp) => sp.isCommon || f.schools.includes(sp.school)).map((sp) => ({ faction: f.name, spell: sp.name })),
  );
  out.push(
    q(
      `DELETE FROM faction_spells WHERE faction_id IN (SELECT id FROM factions WHERE name IN (SELECT value FROM json_each(?)))
         AND spell_id IN (SELECT id FROM spells WHERE name IN (SELECT value FROM json_each(?)))`,
      json(FACTIONS.map((f) => f.name)), json(SPELLS.map((sp) => sp.name)),
    ),
    q(
      `INSERT INTO faction_spells (faction_id, spell_id)
       SELECT f.id, sp.id FROM json_each(?) j JOIN factions f ON f.name = j.value ->> 'faction' JOIN spells sp ON sp.name = j.value ->> 'spell'`,
      json(links),
    ),
  );

  // Units and heroes: delete the demo ones (by faction and name) and insert them again;
  // upgrades then point at their level-0 unit by name.
  const unitKeys = json(units.map((u) => ({ faction: u.faction, name: u.name, base: u.baseName })));
  out.push(
    q(
      `DELETE FROM units WHERE id IN (SELECT u.id FROM json_each(?) j JOIN factions f ON f.name = j.value ->> 'faction'
         JOIN units u ON u.faction_id = f.id AND u.name = j.value ->> 'name')`,
      unitKeys,
    ),
    q(
      `DELETE FROM heroes WHERE id IN (SELECT h.id FROM json_each(?) j JOIN factions f ON f.name = j.value ->> 'faction'
         JOIN heroes h ON h.faction_id = f.id AND h.name = j.value ->> 'name')`,
      json(heroes.map((h) => ({ faction: h.faction, name: h.name }))),
    ),
    q(
      `INSERT INTO units (faction_id, name, description, summary, tier, cost, attack, defense, min_damage, max_damage, health, speed,
         initiative, morale, luck, unit_type, upgrade_level, is_upgraded, weekly_growth, special_abilities, portrait_url, is_active)
       SELECT f.id, ${fields("name", "description", "summary", "tier", "cost", "attack", "defense", "minDamage", "maxDamage", "health", "speed", "initiative", "morale", "luck", "unitType", "upgradeLevel", "isUpgraded", "weeklyGrowth", "specialAbilities", "portraitUrl")}, 1
       FROM json_each(?) j JOIN factions f ON f.name = j.value ->> 'faction' ORDER BY j.key`,
      json(units),
    ),
    q(
      `UPDATE units SET base_unit_id = (
         SELECT b.id FROM json_each(?) j JOIN units b ON b.faction_id = units.faction_id AND b.name = j.value ->> 'base' AND b.upgrade_level = 0
         JOIN factions f ON f.id = units.faction_id AND f.name = j.value ->> 'faction'
         WHERE j.value ->> 'name' = units.name ORDER BY b.id DESC LIMIT 1)
       WHERE upgrade_level > 0 AND id IN (SELECT u.id FROM json_each(?) j JOIN factions f ON f.name = j.value ->> 'faction'
         JOIN units u ON u.faction_id = f.id AND u.name = j.value ->> 'name')`,
      unitKeys, unitKeys,
    ),
    q(
      `INSERT INTO heroes (faction_id, name, title, biography, summary, hero_class, hero_type, specialty, specialty_description,
         starting_attack, starting_defense, starting_spell_power, starting_knowledge, rarity_level, starting_skills, starting_spells, portrait_url, is_active)
       SELECT f.id, ${fields("name", "title", "biography", "summary", "heroClass", "heroType", "specialty", "specialtyDescription", "startingAttack", "startingDefense", "startingSpellPower", "startingKnowledge", "rarityLevel", "startingSkills", "startingSpells", "portraitUrl")}, 1
       FROM json_each(?) j JOIN factions f ON f.name = j.value ->> 'faction' ORDER BY j.key`,
      json(heroes),
    ),
  );

  // News: delete the demo articles (and their tags) by title and author, insert them again.
  const newsRows = NEWS.map((n, i) => {
    const published = n.daysAgo !== null;
    const when = n.daysAgo !== null ? iso(n.daysAgo, 9 + (i % 8)) : iso(1, 16);
    return {
      ...n,
      imageUrl: art.news[i] ?? null,
      // The generated header is a painted landscape in the faction's colours.
      imageAlt: art.news[i] && n.imageFaction ? `Painted landscape of the ${factionName(n.imageFaction)} homeland${FACTIONS.find((f) => f.slug === n.imageFaction)?.night ? " at night" : " by day"}.` : "",
      isPublished: b(published),
      publishedAt: published ? when : null,
      createdAt: when,
      createdBy: i % 2 ? moderator : admin,
    };
  });
  const newsKeys = json(NEWS.map((n) => ({ title: n.title, author: n.author })));
  const articleIds = `SELECT a.id FROM json_each(?) j JOIN news_articles a ON a.title = j.value ->> 'title' AND a.author = j.value ->> 'author'`;
  out.push(
    q(`DELETE FROM news_tags WHERE article_id IN (${articleIds})`, newsKeys),
    q(`DELETE FROM news_articles WHERE id IN (${articleIds})`, newsKeys),
    q(
      `INSERT INTO news_articles (title, summary, content, author, image_url, image_alt, is_published, published_at, created_at, updated_at, created_by)
       SELECT ${fields("title", "summary", "content", "author", "imageUrl", "imageAlt", "isPublished", "publishedAt", "createdAt", "createdAt")},
         (SELECT id FROM users WHERE email = j.value ->> 'createdBy')
       FROM json_each(?) j ORDER BY j.key`,
      json(newsRows),
    ),
    q(
      `INSERT INTO news_tags (article_id, tag, position)
       SELECT a.id, j.value ->> 'tag', j.value ->> 'position' FROM json_each(?) j
       JOIN news_articles a ON a.title = j.value ->> 'title' AND a.author = j.value ->> 'author'`,
      json(NEWS.flatMap((n) => n.tags.map((tag, position) => ({ title: n.title, author: n.author, tag, position })))),
    ),
  );

  // Game info (upsert by slug).
  out.push(
    q(
      `INSERT INTO game_info_articles (title, slug, category, summary, content, author, is_featured, sort_order, published_at, created_at, updated_at, is_published)
       SELECT ${fields("title", "slug", "category", "summary", "content", "author", "isFeatured", "sortOrder", "publishedAt", "at", "at", "isPublished")}
       FROM json_each(?) j WHERE true
       ON CONFLICT(slug) DO UPDATE SET ${excluded("title", "category", "summary", "content", "author", "is_featured", "sort_order", "published_at", "updated_at", "is_published")}`,
      json(
        GAME_INFO.map((g) => {
          const published = g.isPublished ?? true;
          return { ...g, isFeatured: b(g.isFeatured), isPublished: b(published), at: iso(g.daysAgo), publishedAt: published ? iso(g.daysAgo) : null };
        }),
      ),
    ),
  );

  // Media: categories upserted by slug; demo items (files under media/demo-*) deleted and inserted again.
  out.push(
    q(
      `INSERT INTO media_categories (name, description, slug, color, sort_order, is_active)
       SELECT ${fields("name", "description", "slug", "color", "sortOrder")}, 1 FROM json_each(?) j WHERE true
       ON CONFLICT(slug) DO UPDATE SET ${excluded("name", "description", "color", "sort_order")}, is_active = 1, updated_at = ${NOW}`,
      json(MEDIA_CATEGORIES),
    ),
    // Generated rows (--scale) reuse the demo files: only the demo's own items are replaced.
    q(`DELETE FROM media_items WHERE original_key LIKE 'media/demo-%' AND id < ?`, SCALE_ID_BASE),
    q(
      `INSERT INTO media_items (title, description, media_type, alt_text, caption, tags, is_approved, is_featured, rejected_at, rejection_reason,
         original_key, large_key, large_webp_key, thumbnail_key, thumbnail_webp_key, thumbnail_status, content_type, width, height,
         file_size, view_count, sort_order, created_at, updated_at, category_id, faction_id, uploaded_by)
       SELECT j.value ->> 'title', j.value ->> 'description', 'image',
         ${fields("altText", "caption", "tags", "isApproved", "isFeatured", "rejectedAt", "rejectionReason", "original", "large", "largeWebp", "thumb", "thumbWebp")},
         'ready', 'image/jpeg', ${fields("width", "height", "fileSize", "viewCount", "sortOrder", "at", "at")},
         (SELECT id FROM media_categories WHERE slug = j.value ->> 'categorySlug'),
         (SELECT id FROM factions WHERE name = j.value ->> 'faction'),
         (SELECT id FROM users WHERE email = j.value ->> 'uploadedBy')
       FROM json_each(?) j ORDER BY j.key`,
      json(
        MEDIA_ITEMS.map((m, i) => ({
          ...m,
          ...pick(art.media, i, "media files"),
          faction: factionName(m.factionSlug),
          isApproved: b(m.isApproved),
          isFeatured: b(m.isFeatured),
          width: MEDIA_SIZE.width,
          height: MEDIA_SIZE.height,
          at: iso(m.daysAgo, 8 + (i % 10)),
          rejectedAt: m.rejectionReason ? iso(Math.max(0, m.daysAgo - 1), 12) : null,
          uploadedBy: m.uploader === "admin" ? admin : moderator,
        })),
      ),
    ),
  );
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
    const file = localD1File(dir);
    // node:sqlite is still flagged experimental in Node 22: keep its one-time warning off the console.
    const emit = process.emitWarning;
    process.emitWarning = () => {};
    const { DatabaseSync } = await import("node:sqlite");
    process.emitWarning = emit;
    const db = new DatabaseSync(file, { readOnly: true });
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
const { getPlatformProxy, unstable_readConfig } = await import("wrangler");
// Local only: refuse outright when wrangler.toml marks any binding remote, and turn remote
// bindings off for the proxy so nothing this script writes can reach a deployed resource.
const remote = remoteBindingNames(unstable_readConfig({ config: "wrangler.toml" }));
if (remote.length) {
  console.error(`✖ Refusing to seed: wrangler.toml marks these bindings remote: ${remote.join(", ")}. The seed only writes local state.`);
  process.exit(1);
}
const proxy = await getPlatformProxy<Bindings>({
  configPath: "wrangler.toml",
  persist: { path: join(persistTo, "v3") },
  remoteBindings: false,
});
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
    await loadStored(MEDIA);
    const [factionFiles, mediaFiles, newsFiles, unitPortraits, heroPortraits] = [
      await pool(FACTIONS, 2, (f) => factionArt(MEDIA, f)),
      await pool(MEDIA_ITEMS, 2, (m, i) => mediaArt(MEDIA, m, i)),
      await pool(NEWS, 2, (n) => (n.imageFaction ? newsArt(MEDIA, n.slug, n.imageFaction) : Promise.resolve(null))),
      await pool(buildUnits(), 4, (u) =>
        portraitArt(MEDIA, "units", `${u.factionSlug}-${u.name}`, unitPortraitSvg(`unit:${u.factionSlug}:${u.name}`, paletteOf(u.factionSlug), u)),
      ),
      await pool(buildHeroes(), 4, (h) =>
        portraitArt(MEDIA, "heroes", `${h.factionSlug}-${h.name}`, heroPortraitSvg(`hero:${h.factionSlug}:${h.name}`, paletteOf(h.factionSlug), h)),
      ),
    ];
    const imagesDone = Date.now();

    // A generated world of an earlier --scale run goes first, so the demo rows keep their ids.
    if (scale !== undefined) await deleteScaleRows(DB);

    // Then every row in one batch = one transaction.
    const batch = await statements(DB, { factions: factionFiles, media: mediaFiles, news: newsFiles, units: unitPortraits, heroes: heroPortraits });
    await DB.batch(batch);
    committed = true;
    const sqlDone = Date.now();

    // The generated world on top (--scale): batches of its own, after the demo content is in.
    if (scale !== undefined) {
      const art = await readDemoArt(DB);
      const targets = scaleTargets(scale, await demoCounts(DB));
      const rows = buildScaleRows(targets, art, await hashPassword(DEMO_PASSWORD));
      console.log(`Generated the ${scale}× world in ${((Date.now() - sqlDone) / 1000).toFixed(1)} s; writing it:`);
      await writeScaleRows(DB, rows, (line) => console.log(line));
    }

    const counts: Record<string, number> = {};
    for (const t of ["users", "factions", "units", "heroes", "spells", "faction_spells", "news_articles", "news_tags", "game_info_articles", "media_categories", "media_items", "change_history", "audit_log"]) {
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
