import { beforeAll, describe, expect, it } from "vitest";
import { insertFaction, insertGameInfo, insertHero, insertUnit, unique } from "./game-fixtures";
import { call, sitemapText, userWithToken } from "./helpers";

/** The JSON of `<script type="application/json" id="initial-data">`, or null when absent. */
function initialData(html: string): Record<string, unknown> | null {
  const match = html.match(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

/** Every JSON-LD object of the page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

const ids = { faction: 0, hidden: 0, unit: 0, hiddenUnit: 0, article: 0, draft: 0 };
const slugs = { article: `edge-guide-${Date.now()}`, draft: `edge-draft-${Date.now()}` };
const names = { faction: unique("Edge Faction"), hidden: unique("Hidden Faction") };

beforeAll(async () => {
  ids.faction = await insertFaction({
    name: names.faction,
    summary: "Banner-lit knights <script>alert(1)</script>",
    banner_url: "/files/factions/banner.jpg",
    background_url: "/files/factions/background.jpg",
  });
  ids.hidden = await insertFaction({ name: names.hidden, is_active: 0 });
  ids.unit = await insertUnit(ids.faction, { name: unique("Edge Pikeman") });
  ids.hiddenUnit = await insertUnit(ids.faction, { name: unique("Secret Unit"), is_active: 0 });
  await insertHero(ids.faction);
  ids.article = await insertGameInfo({ title: "Edge guide", slug: slugs.article, is_featured: 1 });
  ids.draft = await insertGameInfo({ title: "Edge draft", slug: slugs.draft, is_published: 0, published_at: null, category: "Drafts Only" });
  await insertGameInfo({ title: "Edge siege guide", slug: `${slugs.article}-siege`, category: "Siege Craft" });
});

describe("game pages painted at the edge", () => {
  it("GET /factions carries the faction list under its API key, with title and canonical (200)", async () => {
    const res = await call("/factions");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Factions | Realm Codex</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/factions">');
    const data = initialData(html)!;
    expect(Object.keys(data)).toEqual(["/api/faction"]);
    const list = data["/api/faction"] as { items: { id: number }[] };
    expect(list.items.map((f) => f.id)).toContain(ids.faction);
    expect(list.items.map((f) => f.id)).not.toContain(ids.hidden);
  });

  it("GET /game-info carries the first page of guides, the categories and the factions (200)", async () => {
    const res = await call("/game-info");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Game Info | Realm Codex</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/game-info">');
    expect(Object.keys(initialData(html)!).sort()).toEqual(["/api/faction", "/api/gameinfo/categories", "/api/gameinfo?pageSize=12"]);
    const ld = jsonLd(html);
    expect(ld.find((d) => d["@type"] === "CollectionPage")).toBeTruthy();
  });

  it("GET /game-info?category=…&page=2 reads that page of that category; its canonical URL keeps the category only (200)", async () => {
    const res = await call("/game-info?category=Strategy&page=2&search=");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Game Info: Strategy | Realm Codex</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/game-info?category=Strategy">');
    expect(Object.keys(initialData(html)!)).toContain("/api/gameinfo?category=Strategy&page=2&pageSize=12");
  });

  it("GET /factions/{id} has the faction's metadata, banner image, breadcrumb and units JSON-LD, and its data (200)", async () => {
    const res = await call(`/factions/${ids.faction}?tab=units`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${names.faction} Faction | Realm Codex</title>`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8787/factions/${ids.faction}">`);
    expect(html).toContain('<meta property="og:image" content="http://localhost:8787/files/factions/banner.jpg">');
    expect(html).not.toContain("<script>alert(1)</script>");
    const ld = jsonLd(html);
    const crumbs = ld.find((d) => d["@type"] === "BreadcrumbList")!;
    expect((crumbs.itemListElement as { name: string }[]).map((i) => i.name)).toEqual(["Home", "Factions", names.faction]);
    const units = ld.find((d) => d["@type"] === "ItemList")!;
    const unitNames = (units.itemListElement as { name: string }[]).map((i) => i.name);
    expect(unitNames).toHaveLength(1);
    const key = `/api/faction/${ids.faction}?includeHeroes=true&includeSpells=true&includeUnits=true`;
    const data = initialData(html)!;
    // The faction, and what links to it ("What links here").
    expect(Object.keys(data).sort()).toEqual([`/api/backlinks?id=${ids.faction}&pageSize=20&type=faction`, key].sort());
    const api = await (await call(key)).json();
    expect(data[key]).toEqual(api);
    expect(JSON.stringify(data)).not.toContain("Secret Unit");
  });

  it("GET /factions/{id}: the banner offers its resized copies, and the preload offers the same candidates (200)", async () => {
    const res = await call(`/factions/${ids.faction}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const bg = "/files/factions/background.jpg";
    const srcset = `${bg}?w=640 640w, ${bg}?w=960 960w, ${bg}?w=1280 1280w, ${bg} 1600w`;
    const sizes = "(min-width: 72rem) 1120px, calc(100vw - 2rem)";
    expect(html).toContain(`<img src="${bg}" srcSet="${srcset}" sizes="${sizes}" alt="" width="1600" height="900" fetchPriority="high"`);
    expect(html).toContain(`<link rel="preload" as="image" href="${bg}" fetchpriority="high" imagesrcset="${srcset}" imagesizes="${sizes}">`);
  });

  it("answers 404 with noindex for unknown, malformed and inactive faction ids (no data injected)", async () => {
    for (const id of ["999999", "abc", String(ids.hidden)]) {
      const res = await call(`/factions/${id}`);
      expect(res.status, id).toBe(404);
      const html = await res.text();
      expect(html).toContain("<title>Faction Not Found | Realm Codex</title>");
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(initialData(html)).toBeNull();
    }
  });

  it("injects no data into the HTML for a signed-in moderator (the inactive faction stays 404 there too)", async () => {
    const { token } = await userWithToken(["Moderator"]);
    const res = await call(`/factions/${ids.faction}`, { token });
    expect(res.status).toBe(200);
    expect(initialData(await res.text())).toBeNull();
  });

  it("GET /game-info/{slug} has the article's metadata and Article JSON-LD (200); drafts and unknown slugs are 404", async () => {
    const res = await call(`/game-info/${slugs.article}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Edge guide | Realm Codex</title>");
    expect(jsonLd(html).map((d) => d["@type"])).toEqual(["Article", "BreadcrumbList"]);
    // The article, its related articles and what links to it: the first view makes no /api request.
    const related = `/api/gameinfo/slug/${slugs.article}/related`;
    const backlinks = `/api/backlinks?pageSize=20&slug=${slugs.article}&type=guide`;
    expect(Object.keys(initialData(html)!).sort()).toEqual([`/api/gameinfo/slug/${slugs.article}`, related, backlinks].sort());
    expect(initialData(html)![related]).toEqual(await (await call(related)).json());
    for (const slug of [slugs.draft, "no-such-guide", "Bad_Slug"]) {
      const missing = await call(`/game-info/${slug}`);
      expect(missing.status, slug).toBe(404);
      expect(await missing.text()).toContain("<title>Article Not Found | Realm Codex</title>");
    }
  });
});

describe("sitemap", () => {
  it("lists /game-info, each category's guides, every active faction and published game-info article with lastmod, never hidden ones", async () => {
    const xml = await sitemapText();
    expect(xml).toMatch(/<loc>http:\/\/localhost:8787\/game-info<\/loc><lastmod>[0-9T:.Z-]+<\/lastmod>/);
    // A category's list is a page of its own: listed at its canonical URL (the page's own test checks that URL).
    expect(xml).toMatch(/<loc>http:\/\/localhost:8787\/game-info\?category=Guides<\/loc><lastmod>[0-9T:.Z-]+<\/lastmod>/);
    expect(xml).toContain("<loc>http://localhost:8787/game-info?category=Siege+Craft</loc>");
    expect(xml).not.toContain("category=Drafts");
    expect(xml).toMatch(new RegExp(`<loc>http://localhost:8787/factions/${ids.faction}</loc><lastmod>[0-9T:.Z-]+</lastmod>`));
    expect(xml).toMatch(new RegExp(`<loc>http://localhost:8787/game-info/${slugs.article}</loc><lastmod>`));
    expect(xml).not.toContain(`/factions/${ids.hidden}<`);
    expect(xml).not.toContain(slugs.draft);
  });
});
