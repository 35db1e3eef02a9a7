/**
 * D1 rows read and written per public read, from the `Server-Timing: d1;desc="trips=… rows_read=…
 * rows_written=…"` header every Worker answer carries (worker/lib/request-log.ts). Each URL is
 * requested as a guest missing the edge cache (the test-only `X-Fault-Injection: edge-cache-miss`,
 * so the server must run with FAULT_INJECTION=on), twice, and the second answer is kept (the
 * first warms the isolate's settings cache, as in the steady state).
 *
 *   npm run bench               runs it on the demo data (inside the full bench)
 *   npm run bench:rows -- --base http://127.0.0.1:8798   against a running server (e.g. at 100×)
 *
 * Budget: no public read touches more than 1,000 rows at 100× data (docs/scaling.md §5).
 */
export const ROWS_BUDGET = 1_000;

/** One URL of every public read: API and pages, deep pages and paging past the end included. */
export const ROWS_PATHS = [
  "/api/news", "/api/news?page=50", "/api/news?page=58", "/api/news?tag=patch", "/api/news?tag=patch&page=50",
  "/api/news?tag=survey", "/api/news/filters", "/api/news/1",
  // Page 32 is the gallery's deepest for guests (publicPageLimit(20)); page 33 is a 400.
  "/api/media", "/api/media?page=32", "/api/media?categoryId=1", "/api/media/filters", "/api/media/1",
  // Every combination of the gallery's filters reads one kept key (ADR 0043): pairs, featured, all
  // four, the deepest page of the smallest page size that reaches it (8 a page: page 92).
  "/api/media?categoryId=1&factionId=1", "/api/media?factionId=1&mediaType=image&page=32", "/api/media?featuredOnly=true",
  "/api/media?featuredOnly=true&page=32", "/api/media?categoryId=1&factionId=1&mediaType=image&featuredOnly=true",
  "/api/media?categoryId=1&factionId=1&pageSize=100", "/api/media?page=92&pageSize=8",
  "/api/faction", "/api/faction/1", "/api/unit", "/api/unit?page=40", "/api/unit?page=100", "/api/unit?tier=3&page=10",
  "/api/unit/filters", "/api/unit/filters?factionId=1", "/api/unit/1",
  "/api/hero", "/api/hero?page=30", "/api/hero/filters", "/api/hero/filters?factionId=1", "/api/hero/1",
  "/api/spell", "/api/spell?page=40", "/api/spell?school=Fire", "/api/spell/filters", "/api/spell/1",
  // Any combination of a list's filters reads kept counts and walks matching rows only (ADR 0042);
  // a faction read's includes are bounded (ADR 0048).
  "/api/unit?upgradeLevel=0&unitType=Infantry&page=8", "/api/unit?tier=3&unitType=Infantry&upgradeLevel=0&pageSize=200",
  "/api/hero?heroType=Might&rarityLevel=1", "/api/hero?heroClass=knight&heroType=Might&pageSize=200",
  "/api/spell?level=2&type=Combat", "/api/spell?type=Combat&target=Single&pageSize=200", "/api/spell?isCommon=true&pageSize=200",
  "/api/spell?factionId=1&type=Combat", "/api/faction?includeUnits=true", "/api/faction?includeSpells=true",
  "/api/faction?includeUnits=true&includeHeroes=true&includeSpells=true", "/api/faction/1?includeUnits=true&includeHeroes=true&includeSpells=true",
  "/api/gameinfo", "/api/gameinfo/featured", "/api/gameinfo/categories", "/api/gameinfo?featuredOnly=true",
  "/api/gameinfo?category=Combat&search=magic&pageSize=100",
  "/api/search?q=dragon", "/api/search?q=tournament", "/api/search?q=fire", "/api/search?q=the", "/api/search?q=t",
  "/api/search?q=tournament&type=news&page=2",
  // The lists' own searches read the newest matches of the FTS index (ADR 0040): a word in no
  // article, a rare one, common ones, a one-letter prefix, the deepest page and a filter with it.
  "/api/news?search=dragon", "/api/news?search=coast", "/api/news?search=march", "/api/news?search=tournament",
  "/api/news?search=t", "/api/news?search=tournament&page=4", "/api/news?search=tournament&tag=patch",
  "/api/media?search=dawn", "/api/media?search=art", "/api/media?search=the", "/api/media?search=dawn&page=2",
  "/api/media?search=dawn&categoryId=1",
  "/", "/news", "/news/1", "/factions", "/factions/1", "/units/1", "/heroes/1", "/spells", "/spells?page=84", "/spells?page=85", "/spells/1",
  "/game-info", "/screenshots", "/screenshots?page=32", "/screenshots?categoryId=1&mediaType=image&page=32", "/news?page=58", "/news?search=tournament", "/search?q=dragon", "/search?q=tournament&type=news", "/search?q=t&type=unit",
  // The sitemap's children by id range (ADR 0041): the first of a type, and full ranges of the
  // 100× world's generated ids (a 404 on the demo data, whose ids are all in the first range).
  "/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/news-1.xml", "/sitemaps/news-2001.xml", "/sitemaps/units-1.xml",
  "/sitemaps/units-2001.xml", "/sitemaps/heroes-2001.xml", "/sitemaps/spells-2001.xml", "/news/feed.xml", "/robots.txt",
];

export type RowsMeasure = { path: string; status: number; trips: number; rowsRead: number; rowsWritten: number; durationMs: number };

export async function measureRows(base: string, paths: readonly string[] = ROWS_PATHS): Promise<RowsMeasure[]> {
  const out: RowsMeasure[] = [];
  for (const path of paths) {
    let res: Response | undefined;
    for (let i = 0; i < 2; i++) {
      res = await fetch(`${base}${path}`, { headers: { "X-Fault-Injection": "edge-cache-miss", Accept: "text/html,application/json" } });
      await res.arrayBuffer();
    }
    const timing = res!.headers.get("Server-Timing") ?? "";
    const n = (name: string) => Number(timing.match(new RegExp(`${name}=(\\d+)`))?.[1] ?? NaN);
    const durationMs = Number(timing.match(/total;dur=(\d+)/)?.[1] ?? NaN);
    out.push({ path, status: res!.status, trips: n("trips"), rowsRead: n("rows_read"), rowsWritten: n("rows_written"), durationMs });
  }
  return out;
}

/** The bench's rows: one per URL, rows read against the budget. */
export async function rowsRows(base: string, rows: { what: string; value: string; budget: string; ok: boolean | null }[]) {
  for (const m of await measureRows(base)) {
    rows.push({
      what: `D1 rows of GET ${m.path} (miss)`,
      value: `${m.status}: ${m.rowsRead} read, ${m.rowsWritten} written, ${m.trips} trip(s), ${m.durationMs} ms`,
      budget: `≤ ${ROWS_BUDGET} read`,
      ok: m.status < 500 && m.rowsRead <= ROWS_BUDGET,
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--base");
  const base = at >= 0 ? process.argv[at + 1]! : "http://127.0.0.1:8787";
  const measured = await measureRows(base);
  const width = Math.max(...measured.map((m) => m.path.length));
  console.log(`${"GET".padEnd(width)} | status | trips | rows read | rows written | ms | budget ≤ ${ROWS_BUDGET}`);
  for (const m of measured) {
    console.log(`${m.path.padEnd(width)} | ${m.status} | ${m.trips} | ${m.rowsRead} | ${m.rowsWritten} | ${m.durationMs} | ${m.rowsRead <= ROWS_BUDGET ? "within" : "OVER"}`);
  }
}
