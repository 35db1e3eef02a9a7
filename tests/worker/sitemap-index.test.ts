/**
 * /sitemap.xml is a sitemap index pointing at child sitemaps split by type (pages, news, units,
 * heroes, spells), each at most SITEMAP_MAX_URLS URLs (50,000, the protocol's limit; a cap of 2
 * is set here so a few rows need several children). The index and every child are read with a
 * real XML parser (fast-xml-parser's validator and parser). robots.txt and the feed stay right.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { insertFaction, insertHero, insertSpell, insertUnit } from "./game-fixtures";

const CAP = 2;
const SITE = env.SITE_URL.replace(/\/$/, "");

async function get(path: string, cap = CAP): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://example.com${path}`, { headers: { "X-Fault-Injection": "edge-cache-miss" } }), { ...env, SITEMAP_MAX_URLS: String(cap) }, ctx);
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

const published: number[] = [];
const visible = { units: [] as number[], heroes: [] as number[], spells: [] as number[] };
beforeAll(async () => {
  for (let i = 0; i < 5; i++) {
    const row = await env.DB.prepare(
      `INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES (?1, 'S & <s>', 'C', 'A', 1, '2026-02-01T00:00:00.000Z') RETURNING id`,
    ).bind(`Mapped ${i} & <b>`).first<{ id: number }>();
    published.push(row!.id);
  }
  await env.DB.prepare(`INSERT INTO news_articles (title, summary, content, author, is_published) VALUES ('Draft', 'S', 'C', 'A', 0)`).run();
  const faction = await insertFaction();
  for (let i = 0; i < 3; i++) visible.units.push(await insertUnit(faction));
  visible.heroes.push(await insertHero(faction));
  visible.spells.push(await insertSpell({}, [faction]));
});

describe("sitemap index", () => {
  it("/sitemap.xml is a well-formed sitemap index whose children are well-formed, split by type, at most the cap each, and list every public page once (200)", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const index = parse(await res.text(), "index") as { sitemapindex: { sitemap: { loc: string }[] } };
    const locs = index.sitemapindex.sitemap.map((s) => s.loc);
    const news = Math.ceil(published.length / CAP);
    expect(locs).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      ...Array.from({ length: news }, (_, i) => `${SITE}/sitemaps/news-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(visible.units.length / CAP) }, (_, i) => `${SITE}/sitemaps/units-${i + 1}.xml`),
      `${SITE}/sitemaps/heroes-1.xml`,
      `${SITE}/sitemaps/spells-1.xml`,
    ]);
    const listed: string[] = [];
    for (const loc of locs) {
      const child = await get(new URL(loc).pathname);
      expect(child.status, loc).toBe(200);
      const doc = parse(await child.text(), loc) as { urlset: { url: { loc: string; lastmod?: string }[] } };
      const urls = doc.urlset.url.map((u) => u.loc);
      if (!loc.endsWith("/pages.xml")) expect(urls.length, loc).toBeLessThanOrEqual(CAP);
      listed.push(...urls);
    }
    expect(new Set(listed).size, "no URL twice").toBe(listed.length);
    for (const id of published) expect(listed).toContain(`${SITE}/news/${id}`);
    for (const id of visible.units) expect(listed).toContain(`${SITE}/units/${id}`);
    expect(listed).toContain(`${SITE}/`);
    expect(listed).toContain(`${SITE}/factions`);
    expect(listed.filter((u) => u.includes("/news/")).length).toBe(published.length);
  });

  it("a child past the last one, or of an unknown type, answers 404", async () => {
    expect((await get(`/sitemaps/news-${Math.ceil(published.length / CAP) + 1}.xml`)).status).toBe(404);
    expect((await get("/sitemaps/secrets-1.xml")).status).toBe(404);
    expect((await get("/sitemaps/news-0.xml")).status).toBe(404);
  });

  it("at the protocol's cap (50,000) every type fits in one child", async () => {
    const text = await (await get("/sitemap.xml", 50_000)).text();
    const locs = (parse(text, "index") as { sitemapindex: { sitemap: { loc: string }[] } }).sitemapindex.sitemap.map((s) => s.loc);
    expect(locs.every((loc) => /\/sitemaps\/(pages|(news|units|heroes|spells)-1)\.xml$/.test(loc))).toBe(true);
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
