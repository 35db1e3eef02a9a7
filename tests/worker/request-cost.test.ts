/**
 * What one public read costs in D1 round trips, on the real local D1: the Worker runs with its
 * D1 binding wrapped by a counter that passes every call through (statements, batches, sessions)
 * and counts each trip to the database: a statement's first/all/run/raw, a batch, an exec.
 * Every public read, API or HTML, takes one round trip when the edge cache is missed: a page with
 * several reads (the news list and its filters) sends them as one batch (worker/db/read-batch.ts).
 * A game-info article's page takes two: the article, then the articles related to it.
 * The counts are also the "D1 round trips" column of docs/scaling.md.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { countingD1 } from "./counting-d1";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit } from "./game-fixtures";

const counter = countingD1(env.DB);

/** One guest GET that misses the edge cache; returns the status and the round trips it made. */
async function cost(path: string): Promise<{ status: number; trips: number }> {
  const ctx = createExecutionContext();
  const before = counter.trips;
  const res = await worker.fetch(
    new Request(`http://example.com${path}`, { headers: { "X-Fault-Injection": "edge-cache-miss", Accept: "text/html,application/json" } }),
    { ...env, DB: counter.db },
    ctx,
  );
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { status: res.status, trips: counter.trips - before };
}

const paths: string[] = [];
beforeAll(async () => {
  const news = await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
     VALUES ('Cost probe', 'S', 'C', 'Cost Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id`,
  ).first<{ id: number }>();
  const faction = await insertFaction();
  const unit = await insertUnit(faction);
  const hero = await insertHero(faction);
  const spell = await insertSpell({}, [faction]);
  const guide = await insertGameInfo();
  const slug = (await env.DB.prepare("SELECT slug FROM game_info_articles WHERE id = ?1").bind(guide).first<{ slug: string }>())!.slug;
  const media = await env.DB.prepare(
    "INSERT INTO media_items (title, media_type, is_approved, original_url) VALUES ('Cost probe', 'image', 1, 'https://cdn.example.com/c.jpg') RETURNING id",
  ).first<{ id: number }>();
  paths.push(
    "/api/news",
    `/api/news/${news!.id}`,
    "/api/news/filters",
    "/api/media",
    "/api/gameinfo/featured",
    "/api/gameinfo?category=Guides&pageSize=12",
    "/api/gameinfo/categories",
    "/",
    "/news",
    `/news/${news!.id}`,
    "/factions",
    `/factions/${faction}`,
    `/units/${unit}`,
    `/heroes/${hero}`,
    "/spells",
    `/spells/${spell}`,
    "/game-info",
    "/game-info?category=Guides&search=guide&page=1",
    `/game-info/${slug}`,
    "/screenshots",
    // The gallery opened on one item (a search result's link): the item is read in the same batch.
    `/screenshots?media=${media!.id}`,
    `/api/search?q=probe`,
  );
  // Warm the isolate's short settings cache, as in the steady state.
  for (const path of paths) await cost(path);
});

describe("D1 round trips per public read (edge cache missed)", () => {
  it("every public API read and guest page answers 200 with one round trip (a game-info article's page two)", async () => {
    const measured: Record<string, number> = {};
    for (const path of paths) {
      const { status, trips } = await cost(path);
      expect(status, path).toBe(200);
      measured[path] = trips;
    }
    console.log(`D1 round trips per request: ${JSON.stringify(measured)}`);
    for (const [path, trips] of Object.entries(measured)) expect(trips, path).toBe(path.startsWith("/game-info/") ? 2 : 1);
  });
});
