/**
 * Reads that stay cheap as the site grows: every statement the Worker sends while a campaign of
 * requests covers every GET route of the API (as a guest and as an admin, with filters), every
 * page type, the sitemaps and the feed is recorded (SQL and values, from the D1 client's send),
 * and `EXPLAIN QUERY PLAN` is run on each. A full scan (`SCAN <table>`, with or without an index)
 * of a table that grows with the site fails the test unless KNOWN_SCANS lists it with a reason.
 * The campaign must reach every GET route of the API, so a new route is checked too.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../worker/app";
import { call, userWithToken } from "./helpers";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit } from "./game-fixtures";

/** Tables whose rows grow with the site's content, members or age. */
const GROWING = new Set([
  "users", "user_roles", "sessions", "email_outbox", "email_verification_tokens", "password_reset_tokens",
  "login_locks", "login_brakes", "login_networks", "rate_counters",
  "news_articles", "news_tags", "units", "heroes", "spells", "faction_spells",
  "media_items", "media_fts", "media_views", "game_info_articles", "game_info_slug_redirects", "thumbnail_failures", "uploads", "upload_parts", "change_history", "audit_log",
  "news_fts", "unit_fts", "hero_fts", "spell_fts", "wiki_links",
]);

/**
 * Scans known and accepted for now, each with its reason: [table, a pattern of the statement, why].
 * docs/scaling.md §5 lists what they cost at 100× and the step that removes them.
 */
const KNOWN_SCANS: [string, RegExp, string][] = [
  ["wiki_links", /from \(SELECT wiki_links\.source_type, wiki_links\.source_id, wiki_links\.ref_key/s, "the moderators' broken links report (docs/design/wiki.md): it reads every stored reference, one row per distinct link of a body"],
  ["users", /^select count\(\*\) from "users" where/, "the admin member list's total with a search (admins only; every member's names at 100×)"],
  ["media_items", /^select "media_items"\."id".* from "media_items" left join "media_categories".* where "media_items"\."id" in \(select "id" from "media_items" order by/s, "the media manager's unfiltered page (moderators only): not a scan, its ids walk media_order_idx for offset + limit entries (149 rows at 100× on page 1, 1,125 on page 50); the SCAN shows because the outer select sorts its page's rows"],
];

type Recorded = { sql: string; params: unknown[] };
const recorded = new Map<string, Recorded>();
let restore: (() => void) | undefined;

/** Records every statement the D1 client sends (the same internal the request log meters). */
function recordStatements() {
  const holders = [(env.DB as unknown as { alwaysPrimarySession: object }).alwaysPrimarySession, env.DB.withSession("first-primary")];
  const undo: (() => void)[] = [];
  const seen = new Set<object>();
  for (const holder of holders) {
    for (const name of ["_sendOrThrow", "_queryOrThrow"]) {
      let owner: object | null = holder;
      while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner) as object | null;
      if (!owner || seen.has(owner)) continue;
      seen.add(owner);
      const target = owner as Record<string, (...args: unknown[]) => unknown>;
      const original = target[name]!;
      target[name] = function (this: unknown, ...args: unknown[]) {
        // (endpoint, query, params, ...) or ({ queries: [{ sql, params }] }, span)
        if (typeof args[0] === "string") {
          const [, query, params] = args as [string, string | string[], unknown[] | unknown[][]];
          const list = Array.isArray(query) ? query : [query];
          list.forEach((sql, i) => recorded.set(sql, { sql, params: (Array.isArray(query) ? (params as unknown[][])[i] : params) as unknown[] ?? [] }));
        } else {
          for (const q of (args[0] as { queries: Recorded[] }).queries) recorded.set(q.sql, { sql: q.sql, params: q.params ?? [] });
        }
        return original.apply(this, args);
      };
      undo.push(() => (target[name] = original));
    }
  }
  return () => undo.forEach((u) => u());
}

const routesSeen = new Set<string>();

beforeAll(async () => {
  const faction = await insertFaction();
  const unit = await insertUnit(faction);
  const hero = await insertHero(faction);
  const spell = await insertSpell({}, [faction]);
  // A body with every kind of reference, so rendering it (and storing its links) is planned too.
  const guide = await insertGameInfo({ content: `[[unit:${unit}]] [[hero:${hero}|a hero]] [[Some name]] [[spell:A spell]] [[guide:a-guide]]\n\n{{spell:${spell}}}` });
  const slug = (await env.DB.prepare("SELECT slug FROM game_info_articles WHERE id = ?1").bind(guide).first<{ slug: string }>())!.slug;
  const news = (await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES ('Planned dragon', 'S', 'Dragon content', 'Plan Tester', 1, '2026-01-01T00:00:00.000Z') RETURNING id`,
  ).first<{ id: number }>())!.id;
  await env.DB.prepare("INSERT INTO news_tags (article_id, tag, position) VALUES (?1, 'patch', 0)").bind(news).run();
  const category = (await env.DB.prepare(`INSERT INTO media_categories (name, slug) VALUES ('Plans', 'plans') RETURNING id`).first<{ id: number }>())!.id;
  const media = (await env.DB.prepare(
    `INSERT INTO media_items (title, media_type, is_approved, original_key, thumbnail_key, thumbnail_status, category_id, faction_id)
     VALUES ('Planned view', 'image', 1, 'media/plan/original.jpg', 'media/plan/thumb.jpg', 'ready', ?1, ?2) RETURNING id`,
  ).bind(category, faction).first<{ id: number }>())!.id;
  const admin = await userWithToken(["Admin"]);

  restore = recordStatements();
  const guest = [
    "/api/health", "/api/news", "/api/news?page=2", `/api/news?tag=patch`, "/api/news?author=Plan%20Tester", "/api/news?search=dragon",
    "/api/news?search=dragon&tag=patch&author=Plan%20Tester",
    "/api/news/filters", `/api/news/${news}`,
    "/api/faction", `/api/faction/${faction}`, `/api/faction/${faction}/units`, `/api/faction/${faction}/heroes`,
    "/api/unit", `/api/unit?factionId=${faction}&tier=1`, "/api/unit?unitType=Flying&sortBy=attack", `/api/unit?ids=${unit}`, "/api/unit/filters", `/api/unit/filters?factionId=${faction}`, `/api/unit/${unit}`,
    "/api/hero", `/api/hero?factionId=${faction}`, "/api/hero/filters", `/api/hero/${hero}`,
    "/api/spell", "/api/spell?school=Fire&level=1", `/api/spell?factionId=${faction}`, "/api/spell/filters", `/api/spell/${spell}`,
    "/api/gameinfo", "/api/gameinfo?category=Guides", "/api/gameinfo/categories", "/api/gameinfo/featured", `/api/gameinfo/slug/${slug}`, `/api/gameinfo/slug/${slug}/related`,
    `/api/gameinfo/${guide}`, `/api/gameinfo/${guide}/related`,
    "/api/media", `/api/media?categoryId=${category}`, `/api/media?factionId=${faction}`, "/api/media?mediaType=image&featured=true", "/api/media?search=view",
    `/api/media?search=view&categoryId=${category}&mediaType=image`,
    "/api/media/filters", "/api/media/categories", `/api/media/categories/${category}`, `/api/media/${media}`,
    `/api/backlinks?type=unit&id=${unit}`, `/api/backlinks?type=guide&id=${guide}`,
    "/api/settings/public", "/api/search?q=dragon", "/api/search?q=dragon&type=news", "/api/search?q=dragon&type=unit",
    "/", "/news", `/news/${news}`, "/factions", `/factions/${faction}`, `/units/${unit}`, `/heroes/${hero}`, "/spells", `/spells/${spell}`,
    "/game-info", `/game-info/${slug}`, "/screenshots", "/search?q=dragon", `/compare?units=${unit}`,
    "/sitemap.xml", "/news/feed.xml", "/robots.txt", "/files/media/plan/original.jpg",
  ];
  const signedIn = [
    "/api/auth/me", "/api/auth/fastcomments-sso", "/api/account/sessions", "/api/account/export",
    "/api/admin/users", "/api/admin/users?search=plan", "/api/admin/users?search=plan&role=Admin", "/api/admin/dashboard/stats",
    "/api/admin/users?role=Moderator", "/api/news?status=draft", "/api/news?status=all", "/api/news?status=all&page=2", "/api/unit?activeOnly=false", "/api/media", "/api/media?status=pending", "/api/media?mine=true", "/api/media/status-counts",
    "/api/account/stats", "/api/audit", "/api/audit?entityType=unit", "/api/audit?action=delete", "/api/audit?entityType=unit&action=update&from=2026-01-01&to=2026-12-31", `/api/audit?user=${admin.id}`, "/api/audit/filters",
    "/api/gameinfo?status=all",
    `/api/history?entity=unit&id=${unit}`, `/api/history?entity=news&id=${news}`,
    "/api/settings", "/api/uploads", "/api/uploads/00000000-0000-4000-8000-000000000000",
    "/api/wiki/broken-links", "/api/wiki/broken-links?reason=missing", `/api/backlinks?type=unit&id=${unit}`,
  ];
  for (const path of guest) await record(path);
  for (const path of signedIn) await record(path, admin.token);
  // The sitemap's children, whatever they are called.
  const index = await (await call("/sitemap.xml")).text();
  for (const loc of index.match(/<loc>[^<]+<\/loc>/g) ?? []) {
    const url = new URL(loc.slice(5, -6));
    if (url.pathname !== "/sitemap.xml") await record(url.pathname);
  }
}, 120_000);

afterAll(() => restore?.());

async function record(path: string, token?: string) {
  const res = await call(path, { token, headers: { Accept: "text/html,application/json" } });
  await res.arrayBuffer();
  expect(res.status, path).toBeLessThan(500);
  const matched = api.routes.find((r) => r.method === "GET" && new RegExp(`^${r.path.replace(/:\w+/g, "[^/]+")}$`).test(new URL(path, "http://x").pathname));
  if (matched) routesSeen.add(matched.path);
}

/**
 * The `SCAN` lines of a statement's plan that name a growing table. A walk along an index (or the rowid) in the
 * order the statement asks for, stopped by its LIMIT (no temporary B-tree sorts the rows first),
 * reads one page of rows, not the table: it is not a scan here.
 */
async function scansOf({ sql, params }: Recorded): Promise<{ table: string; detail: string }[]> {
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  const pageWalk = /\blimit\b/i.test(sql) && !plan.results.some(({ detail }) => /TEMP B-TREE FOR (ORDER|GROUP) BY/.test(detail));
  return plan.results.flatMap(({ detail }) => {
    if (pageWalk && /^SCAN \w+( USING (COVERING )?INDEX|$)/.test(detail)) return [];
    // An FTS table's "SCAN … VIRTUAL TABLE INDEX n:M…" is its MATCH lookup, not a scan.
    const m = /^SCAN (\w+)/.exec(detail);
    return m && GROWING.has(m[1]!) && !/VIRTUAL TABLE INDEX \d+:M/.test(detail) ? [{ table: m[1]!, detail }] : [];
  });
}

describe("query plans", () => {
  it("the campaign reaches every GET route of the API", () => {
    const all = [...new Set(api.routes.filter((r) => r.method === "GET" && !r.path.endsWith("*")).map((r) => r.path))];
    expect(all.filter((p) => !routesSeen.has(p))).toEqual([]);
  });

  it("no statement scans a table that grows with the site, except the listed ones (with their reasons)", async () => {
    expect(recorded.size).toBeGreaterThan(50);
    const unexpected: string[] = [];
    const used = new Set<number>();
    for (const statement of recorded.values()) {
      if (!/^\s*(select|with|insert|update|delete)/i.test(statement.sql)) continue;
      for (const scan of await scansOf(statement)) {
        const known = KNOWN_SCANS.findIndex(([table, pattern]) => table === scan.table && pattern.test(statement.sql));
        if (known >= 0) used.add(known);
        else unexpected.push(`${scan.detail}\n    in: ${statement.sql.slice(0, 400)}`);
      }
    }
    expect(unexpected, unexpected.join("\n\n")).toEqual([]);
    // A listed scan that no longer happens is taken off the list.
    expect(KNOWN_SCANS.filter((_, i) => !used.has(i)).map(([t, p]) => `${t} ${p}`)).toEqual([]);
  });
});
