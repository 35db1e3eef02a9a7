/**
 * What one public read costs in D1 round trips, on the real local D1: the Worker runs with its
 * D1 binding wrapped by a counter that passes every call through (statements, batches, sessions)
 * and counts each trip to the database: a statement's first/all/run/raw, a batch, an exec.
 * Every public read, API or HTML, must stay within 2 round trips when the edge cache is missed.
 * The counts are also the "D1 round trips" column of docs/scaling.md.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit } from "./game-fixtures";

type Counter = { db: D1Database; trips: number };

/** Wraps a D1 binding: same answers, and `trips` counts the round trips made through it. */
function countingD1(db: D1Database): Counter {
  const counter = { trips: 0 } as Counter;
  const real = new WeakMap<object, D1PreparedStatement>();
  const TRIPS = new Set(["first", "all", "run", "raw"]);
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (TRIPS.has(String(prop))) counter.trips++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  const unwrap = (statements: D1PreparedStatement[]) => statements.map((s) => real.get(s) ?? s);
  const session = (s: D1DatabaseSession): D1DatabaseSession =>
    ({
      prepare: (query: string) => wrap(s.prepare(query)),
      batch: <T>(statements: D1PreparedStatement[]) => {
        counter.trips++;
        return s.batch<T>(unwrap(statements));
      },
      getBookmark: () => s.getBookmark(),
    }) as D1DatabaseSession;
  counter.db = {
    prepare: (query: string) => wrap(db.prepare(query)),
    batch: <T>(statements: D1PreparedStatement[]) => {
      counter.trips++;
      return db.batch<T>(unwrap(statements));
    },
    exec: (query: string) => {
      counter.trips++;
      return db.exec(query);
    },
    dump: () => db.dump(),
    withSession: (constraint?: string) => session(db.withSession(constraint)),
  } as D1Database;
  return counter;
}

const counter = countingD1(env.DB);

/** One guest GET that misses the edge cache; returns the status and the round trips it made. */
async function cost(path: string): Promise<{ status: number; trips: number }> {
  const ctx = createExecutionContext();
  const before = counter.trips;
  const res = await worker.fetch(
    new Request(`http://example.com${path}`, { headers: { "Cache-Control": "no-cache", Accept: "text/html,application/json" } }),
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
  paths.push(
    "/api/news",
    `/api/news/${news!.id}`,
    "/api/news/filters",
    "/api/media",
    "/",
    "/news",
    `/news/${news!.id}`,
    "/factions",
    `/factions/${faction}`,
    `/units/${unit}`,
    `/heroes/${hero}`,
    "/spells",
    `/spells/${spell}`,
    `/game-info/${slug}`,
    "/screenshots",
  );
  // Warm the isolate's short settings cache, as in the steady state.
  for (const path of paths) await cost(path);
});

describe("D1 round trips per public read (edge cache missed)", () => {
  it("every public API read and guest page answers 200 within 2 round trips", async () => {
    const measured: Record<string, number> = {};
    for (const path of paths) {
      const { status, trips } = await cost(path);
      expect(status, path).toBe(200);
      measured[path] = trips;
    }
    console.log(`D1 round trips per request: ${JSON.stringify(measured)}`);
    for (const [path, trips] of Object.entries(measured)) expect(trips, path).toBeLessThanOrEqual(2);
  });
});
