/**
 * /sitemap.xml is a sitemap index pointing at the pages child and at each type's children by id
 * range (news, units, heroes, spells): `{type}-{n}.xml` lists the type's public records with ids
 * in ((n − 1) × range, n × range] (range 500; SITEMAP_MAX_URLS = 2 here, so a few rows need
 * several children). The index names exactly the ranges that hold a public record. The index and
 * every child are read with a real XML parser (fast-xml-parser's validator and parser), and each
 * reads at most its range's rows (and the factions). robots.txt and the feed stay right.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { insertFaction, insertHero, insertSpell, insertUnit } from "./game-fixtures";

const RANGE = 2;
const SITE = env.SITE_URL.replace(/\/$/, "");

async function get(path: string, range = RANGE): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://example.com${path}`, { headers: { "X-Fault-Injection": "edge-cache-miss" } }), { ...env, SITEMAP_MAX_URLS: String(range) }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const parser = new XMLParser({ isArray: (name) => name === "sitemap" || name === "url" || name === "entry" });
/** Parses XML strictly: a document that is not well-formed fails the test with the parser's error. */
function parse(text: string, what: string): Record<string, unknown> {
  const valid = XMLValidator.validate(text);
  expect(valid, `${what}: ${JSON.stringify(valid)}`).toBe(true);
  return parser.parse(text) as Record<string, unknown>;
}

const rowsRead = (res: Response) => Number(res.headers.get("Server-Timing")?.match(/rows_read=(\d+)/)?.[1]);
/** The ranges (child numbers) that hold these ids. */
const rangesOf = (ids: number[], range = RANGE) => [...new Set(ids.map((id) => Math.floor((id - 1) / range) + 1))].sort((a, b) => a - b);

const published: number[] = [];
const drafts: number[] = [];
const visible = { units: [] as number[], heroes: [] as number[], spells: [] as number[] };
const hidden = { units: [] as number[], heroes: [] as number[] };
let factionCount = 0;
beforeAll(async () => {
  const article = async (title: string, isPublished: boolean) =>
    (await env.DB.prepare(`INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES (?1, 'S & <s>', 'C', 'A', ?2, '2026-02-01T00:00:00.000Z') RETURNING id`)
      .bind(title, isPublished ? 1 : 0)
      .first<{ id: number }>())!.id;
  for (let i = 0; i < 5; i++) published.push(await article(`Mapped ${i} & <b>`, true));
  // Three drafts in a row: at least one range holds drafts only, and has no child.
  for (let i = 0; i < 3; i++) drafts.push(await article(`Draft ${i}`, false));
  published.push(await article("Mapped after the drafts", true));
  const faction = await insertFaction();
  for (let i = 0; i < 3; i++) visible.units.push(await insertUnit(faction));
  // A hidden faction's units and hero, and an inactive unit: never listed.
  const hiddenFaction = await insertFaction({ is_active: 0 });
  for (let i = 0; i < 3; i++) hidden.units.push(await insertUnit(hiddenFaction));
  hidden.units.push(await insertUnit(faction, { is_active: 0 }));
  hidden.heroes.push(await insertHero(hiddenFaction));
  visible.units.push(await insertUnit(faction));
  visible.heroes.push(await insertHero(faction));
  visible.spells.push(await insertSpell({}, [faction]));
  factionCount = (await env.DB.prepare("SELECT count(*) AS n FROM factions").first<{ n: number }>())!.n;
  // The isolate's first request also reads what it keeps between requests (one more trip and row):
  // warm it here, so the tests that compare two reads' rows compare like with like in any order.
  await get("/sitemap.xml");
});

describe("sitemap index", () => {
  it("/sitemap.xml names the pages child and exactly the id ranges that hold public records; the children are well-formed and list every public page once (200)", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const index = parse(await res.text(), "index") as { sitemapindex: { sitemap: { loc: string }[] } };
    const locs = index.sitemapindex.sitemap.map((s) => s.loc);
    const children = (type: string, ids: number[]) => rangesOf(ids).map((n) => `${SITE}/sitemaps/${type}-${n}.xml`);
    expect(locs).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      ...children("news", published),
      ...children("units", visible.units),
      ...children("heroes", visible.heroes),
      ...children("spells", visible.spells),
    ]);
    const listed: string[] = [];
    for (const loc of locs) {
      const child = await get(new URL(loc).pathname);
      expect(child.status, loc).toBe(200);
      const doc = parse(await child.text(), loc) as { urlset: { url: { loc: string; lastmod?: string }[] } };
      const urls = doc.urlset.url.map((u) => u.loc);
      if (!loc.endsWith("/pages.xml")) {
        expect(urls.length, loc).toBeGreaterThan(0);
        expect(urls.length, loc).toBeLessThanOrEqual(RANGE);
        // A range's rows and the factions (for units and heroes), never the whole table.
        expect(rowsRead(child), loc).toBeLessThanOrEqual(RANGE + factionCount);
        expect(doc.urlset.url.every((u) => typeof u.lastmod === "string" && u.lastmod.length > 0), loc).toBe(true);
      }
      listed.push(...urls);
    }
    expect(new Set(listed).size, "no URL twice").toBe(listed.length);
    for (const id of published) expect(listed).toContain(`${SITE}/news/${id}`);
    for (const id of drafts) expect(listed).not.toContain(`${SITE}/news/${id}`);
    for (const id of visible.units) expect(listed).toContain(`${SITE}/units/${id}`);
    for (const id of hidden.units) expect(listed).not.toContain(`${SITE}/units/${id}`);
    for (const id of hidden.heroes) expect(listed).not.toContain(`${SITE}/heroes/${id}`);
    expect(listed).toContain(`${SITE}/heroes/${visible.heroes[0]}`);
    expect(listed).toContain(`${SITE}/spells/${visible.spells[0]}`);
    expect(listed).toContain(`${SITE}/`);
    expect(listed).toContain(`${SITE}/factions`);
    expect(listed.filter((u) => u.includes("/news/")).length).toBe(published.length);
  });

  it("reads rows per range it names, not per record: 60 more articles in a named range add none (200)", async () => {
    const before = await get("/sitemap.xml", 50_000);
    expect(before.status).toBe(200);
    const bulk: number[] = [];
    try {
      for (let i = 0; i < 60; i++) {
        bulk.push((await env.DB.prepare(`INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES ('Bulk', 'S', 'C', 'A', 1, '2026-02-02T00:00:00.000Z') RETURNING id`).first<{ id: number }>())!.id);
      }
      expect(Math.max(...bulk)).toBeLessThanOrEqual(500);
      const after = await get("/sitemap.xml", 50_000);
      expect(rowsRead(after)).toBe(rowsRead(before));
      expect(rowsRead(after)).toBeLessThan(40);
    } finally {
      // The other tests of this file expect only their own articles.
      await env.DB.prepare(`DELETE FROM news_articles WHERE id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(bulk)).run();
    }
  });

  it("steps past a run of drafts newer than the last published article in one read: 150 drafts add no rows to the index (200)", async () => {
    const before = await get("/sitemap.xml");
    expect(before.status).toBe(200);
    const queue: number[] = [];
    try {
      const insert = env.DB.prepare(`INSERT INTO news_articles (title, summary, content, author, is_published) VALUES ('Queued', 'S', 'C', 'A', 0) RETURNING id`);
      for (const result of await env.DB.batch<{ id: number }>(Array.from({ length: 150 }, () => insert))) queue.push(result.results[0]!.id);
      const after = await get("/sitemap.xml");
      expect(after.status).toBe(200);
      expect(await after.text()).toBe(await before.text());
      expect(rowsRead(after)).toBe(rowsRead(before));
    } finally {
      await env.DB.prepare(`DELETE FROM news_articles WHERE id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(queue)).run();
    }
  });

  it("a range with drafts or hidden records only, a range past the last, or an unknown type answers 404", async () => {
    const listedRanges = new Set(rangesOf(published));
    const draftOnly = rangesOf(drafts).filter((n) => !listedRanges.has(n));
    expect(draftOnly.length).toBeGreaterThan(0);
    for (const n of draftOnly) expect((await get(`/sitemaps/news-${n}.xml`)).status).toBe(404);
    const hiddenOnly = rangesOf(hidden.units).filter((n) => !rangesOf(visible.units).includes(n));
    for (const n of hiddenOnly) expect((await get(`/sitemaps/units-${n}.xml`)).status).toBe(404);
    expect((await get(`/sitemaps/news-${Math.max(...rangesOf(published)) + 1}.xml`)).status).toBe(404);
    expect((await get("/sitemaps/news-999999999999999.xml")).status).toBe(404);
    expect((await get("/sitemaps/news-9999999999999999.xml")).status).toBe(404);
    expect((await get("/sitemaps/secrets-1.xml")).status).toBe(404);
    expect((await get("/sitemaps/news-0.xml")).status).toBe(404);
  });

  it("at the default range (500 ids) every type fits in its first child", async () => {
    const text = await (await get("/sitemap.xml", 50_000)).text();
    const locs = (parse(text, "index") as { sitemapindex: { sitemap: { loc: string }[] } }).sitemapindex.sitemap.map((s) => s.loc);
    expect(locs.map((loc) => new URL(loc).pathname)).toEqual(["/sitemaps/pages.xml", "/sitemaps/news-1.xml", "/sitemaps/units-1.xml", "/sitemaps/heroes-1.xml", "/sitemaps/spells-1.xml"]);
  });

  it("robots.txt names the index and the Atom feed stays well-formed with its latest articles (200)", async () => {
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const feed = await get("/news/feed.xml");
    expect(feed.status).toBe(200);
    const doc = parse(await feed.text(), "feed") as { feed: { entry: { title: string }[] } };
    expect(doc.feed.entry.length).toBeGreaterThanOrEqual(published.length);
  });
});
