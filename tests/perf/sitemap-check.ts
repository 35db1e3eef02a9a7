/**
 * Reads a running site's sitemap the way a crawler does: /sitemap.xml (an index) and every child
 * it names, each checked with a real XML parser (fast-xml-parser's validator), counted against the
 * protocol's 50,000 URLs per file, and every URL listed once. Used to check the 100× world
 * (docs/scaling.md §5):
 *
 *   npm run bench:sitemap -- --base http://127.0.0.1:8798
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

const MAX_URLS = 50_000;
const at = process.argv.indexOf("--base");
const base = at >= 0 ? process.argv[at + 1]! : "http://127.0.0.1:8787";
const parser = new XMLParser({ isArray: (name) => name === "sitemap" || name === "url" });

async function document(path: string): Promise<Record<string, unknown>> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`${path}: not well-formed: ${JSON.stringify(valid)}`);
  const rows = res.headers.get("Server-Timing")?.match(/rows_read=(\d+)/)?.[1] ?? "?";
  console.log(`${path}: ${(text.length / 1024).toFixed(0)} KB, ${Math.round(performance.now() - started)} ms, ${rows} rows read`);
  return parser.parse(text) as Record<string, unknown>;
}

const index = (await document("/sitemap.xml")) as { sitemapindex: { sitemap: { loc: string }[] } };
const seen = new Set<string>();
let total = 0;
for (const { loc } of index.sitemapindex.sitemap) {
  const child = (await document(new URL(loc).pathname)) as { urlset: { url: { loc: string }[] } };
  const urls = child.urlset.url.map((u) => u.loc);
  if (urls.length > MAX_URLS) throw new Error(`${loc}: ${urls.length} URLs, more than ${MAX_URLS}`);
  for (const url of urls) {
    if (seen.has(url)) throw new Error(`${url} listed twice`);
    seen.add(url);
  }
  total += urls.length;
  console.log(`  ${urls.length} URLs`);
}
console.log(`OK: ${index.sitemapindex.sitemap.length} child sitemaps, ${total} URLs, every file well-formed and within ${MAX_URLS} URLs.`);
