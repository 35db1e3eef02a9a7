/**
 * `npm run db:rehearse` (scripts/d1-rehearsal.ts) run as a maintainer runs it, on a local D1 of its
 * own: back up, delete the news, restore into a fresh database, compare every table. The state
 * holds the rows whose kept tables depend on another table (a faction's spell links, an article's
 * tags, a member's roles): the export lists tables by name, so a restore inserts links before their
 * spells and roles before their members; and media items in each moderation state and a hidden
 * unit, whose kept totals the import rebuilds.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const state = `.wrangler/test-rehearsal-${process.pid}`;
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };

function execute(sql: string) {
  const run = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--command", sql], { cwd: root, encoding: "utf8", env });
  if (run.status !== 0) throw new Error(run.stderr || run.stdout);
}

beforeAll(() => {
  const migrated = spawnSync(process.execPath, ["scripts/db-migrate.ts", "--persist-to", state], { cwd: root, encoding: "utf8", env });
  if (migrated.status !== 0) throw new Error(migrated.stderr || migrated.stdout);
  execute(
    "INSERT INTO factions (id, name, alignment) VALUES (1, 'Ash', 'Order'), (2, 'Brine', 'Chaos');" +
      // A hidden faction's units are hidden from guests' searches (migration 0022): the restore re-indexes them so.
      "INSERT INTO factions (id, name, alignment, is_active) VALUES (3, 'Cinder', 'Chaos', 0);" +
      "INSERT INTO units (id, faction_id, name, tier, attack, defense, min_damage, max_damage, health, speed, unit_type) VALUES" +
      " (1, 1, 'Ash Guard', 1, 5, 4, 1, 3, 10, 4, 'Infantry'), (2, 3, 'Cinder Imp', 1, 5, 4, 1, 3, 10, 4, 'Infantry');" +
      "INSERT INTO spells (id, name, school, level) VALUES (1, 'Spark', 'Fire', 1), (2, 'Tide', 'Water', 2);" +
      "INSERT INTO faction_spells (faction_id, spell_id) VALUES (1, 1), (2, 1), (2, 2);" +
      "INSERT INTO news_articles (id, title, summary, content, author, is_published, published_at) VALUES" +
      " (1, 'Patch notes', 'S', 'The patch is out.', 'Mira', 1, '2026-01-01T00:00:00.000Z'), (2, 'Draft', 'S', 'C', 'Mira', 0, NULL);" +
      "INSERT INTO news_tags (article_id, tag, position) VALUES (1, 'patch', 0), (1, 'balance', 1), (2, 'patch', 0);" +
      // Members, their roles (restored before their users: name order) and audit rows, for the kept admin totals.
      "INSERT INTO users (id, email, password_hash, is_active, deleted_at) VALUES (1, 'a@example.com', '!', 1, NULL)," +
      " (2, 'b@example.com', '!', 0, NULL), (3, 'deleted-3@deleted.invalid', '!', 0, '2026-01-02T00:00:00.000Z');" +
      "INSERT INTO user_roles (user_id, role) VALUES (1, 'Admin'), (1, 'User'), (2, 'Moderator');" +
      "INSERT INTO audit_log (user_id, action, entity_type, entity_id) VALUES (1, 'create', 'news', '1'), (1, 'update', 'user', '2'), (NULL, 'delete', 'user', '3');" +
      // Each moderation state and a hidden unit: their kept totals are rebuilt by the imports' triggers.
      "INSERT INTO media_items (id, title, media_type, faction_id, is_approved, is_featured, original_url, thumbnail_status, rejected_at) VALUES" +
      " (1, 'Queued', 'image', 1, 0, 1, 'https://example.com/a', 'ready', NULL), (2, 'Refused', 'video', 2, 0, 0, 'https://example.com/b', 'ready', '2026-01-01T00:00:00.000Z')," +
      " (3, 'Shown', 'image', 1, 1, 0, 'https://example.com/c', 'ready', NULL);" +
      "INSERT INTO units (id, faction_id, name, description, summary, tier, attack, defense, min_damage, max_damage, health, speed, unit_type, upgrade_level, special_abilities, is_active) VALUES" +
      " (3, 1, 'Ember Guard', 'D', 'S', 1, 5, 4, 1, 3, 10, 4, 'Infantry', 0, '[]', 1), (4, 2, 'Hidden Eel', 'D', 'S', 2, 5, 4, 1, 3, 10, 4, 'Infantry', 0, '[]', 0);",
  );
}, 120_000);

afterAll(() => rmSync(path.join(root, state), { recursive: true, force: true }));

describe("npm run db:rehearse", () => {
  it("restores every table, the kept counts, the news search and the search indexes' hidden records as they were before the incident (exit 0)", () => {
    const run = spawnSync(process.execPath, ["scripts/d1-rehearsal.ts", "--persist-to", state], { cwd: root, encoding: "utf8", env });
    const out = `${run.stdout}${run.stderr}`;
    expect(out).not.toContain("differs");
    expect(out).toContain("Incident: news_articles 2 → 0");
    expect(out).toMatch(/rebuilt by triggers on import: .*facet_counts/);
    // The copy's indexes mark the draft, the hidden faction and its unit; the restore must match them.
    // One draft, one hidden faction, and two hidden units: the hidden faction's and the hidden one.
    for (const [index, n] of [["news_fts", 1], ["faction_fts", 1], ["unit_fts", 2]]) expect(out).toMatch(new RegExp(`${index} hidden records ${n}\\b`));
    expect(out).toContain("every table's rows and the news search match the copy before the incident");
    expect(run.status).toBe(0);
  }, 180_000);
});
