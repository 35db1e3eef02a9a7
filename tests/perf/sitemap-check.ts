/**
 * Reads a running site's sitemap the way a crawler does: /sitemap.xml (an index) and every child
 * it names, each checked with a real XML parser (fast-xml-parser's validator), counted against the
 * protocol's 50,000 URLs per file, every URL listed once, and each document's D1 rows read (the
 * `Server-Timing` header) against the budget of a public read (1,000). The URLs of each kind of
 * record are then counted against the API's totals for guests (published news, visible units,
 * heroes, spells, factions and guides), so a record missing from every child is noticed too.
 * Used to check the 100× world (docs/scaling.md §5):
 *
 *   npm run bench:sitemap -- --base http://127.0.0.1:8798
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

const MAX_URLS = 50_000;
const ROWS_BUDGET = 1_000;
const at = process.argv.indexOf("--base");
const base = at >= 0 ? process.argv[at + 1]! : "http://127.0.0.1:8787";
const parser = new XMLParser({ isArray: (name) => name === "sitemap" || name === "url" });
const problems: string[] = [];
let mostRows = 0;

async function document(path: string): Promise<Record<string, unknown>> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`${path}: not well-formed: ${JSON.stringify(valid)}`);
  const rows = Number(res.headers.get("Server-Timing")?.match(/rows_read=(\d+)/)?.[1] ?? NaN);
  if (rows > ROWS_BUDGET) problems.push(`${path}: ${rows} rows read, more than ${ROWS_BUDGET}`);
  if (rows > mostRows) mostRows = rows;
  console.log(`${path}: ${(text.length / 1024).toFixed(0)} KB, ${Math.round(performance.now() - started)} ms, ${Number.isNaN(rows) ? "?" : rows} rows read`);
  return parser.parse(text) as Record<string, unknown>;
}

/** A list's total for guests, from the API (`totalCount` of its first page). */
async function apiTotal(path: string): Promise<number> {
  const res = await fetch(`${base}${path}`, { headers: { Accept: "application/json" } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as { totalCount: number }).totalCount;
}

const index = (await document("/sitemap.xml")) as { sitemapindex: { sitemap: { loc: string }[] } };
const seen = new Set<string>();
let total = 0;
for (const { loc } of index.sitemapindex.sitemap) {
  const child = (await document(new URL(loc).pathname)) as { urlset: { url?: { loc: string }[] } };
  const urls = (child.urlset.url ?? []).map((u) => u.loc);
  if (urls.length === 0) problems.push(`${loc}: no URLs (the index names only children that hold some)`);
  if (urls.length > MAX_URLS) problems.push(`${loc}: ${urls.length} URLs, more than ${MAX_URLS}`);
  for (const url of urls) {
    if (seen.has(url)) problems.push(`${url} listed twice`);
    seen.add(url);
  }
  total += urls.length;
  console.log(`  ${urls.length} URLs`);
}

// Every public record of each kind is listed: its URLs against the API's total for guests.
const paths = [...seen].map((url) => new URL(url).pathname);
const kinds: [string, RegExp, string][] = [
  ["news", /^\/news\/\d+$/, "/api/news?pageSize=1"],
  ["units", /^\/units\/\d+$/, "/api/unit?pageSize=1"],
  ["heroes", /^\/heroes\/\d+$/, "/api/hero?pageSize=1"],
  ["spells", /^\/spells\/\d+$/, "/api/spell?pageSize=1"],
  ["factions", /^\/factions\/\d+$/, "/api/faction"],
  ["guides", /^\/game-info\/[^/]+$/, "/api/gameinfo?pageSize=1"],
];
for (const [kind, pattern, api] of kinds) {
  const listed = paths.filter((p) => pattern.test(p)).length;
  const expected = await apiTotal(api);
  console.log(`${kind}: ${listed} URLs, ${expected} public`);
  if (listed !== expected) problems.push(`${kind}: ${listed} URLs listed, ${expected} public`);
}

if (problems.length) {
  console.error(`FAILED:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `OK: ${index.sitemapindex.sitemap.length} child sitemaps, ${total} URLs, every file well-formed, within ${MAX_URLS} URLs and ${ROWS_BUDGET} rows read (most: ${mostRows}), every URL once, every public record listed.`,
);
