/**
 * `npm run bench`: benchmarks, not tests. Builds the site, then measures:
 *  - JS and CSS bytes (raw and gzip) that `/` loads in real Chromium,
 *  - the Worker bundle (gzip) from `wrangler deploy --dry-run`,
 *  - /api requests made by the first load of every public page type (should be 0),
 *  - request throughput of public reads and every page type's guest HTML relative to /api/health on local workerd
 *    (autocannon), with the edge cache skipped (miss: the test-only `X-Fault-Injection: edge-cache-miss`,
 *    which the bench's server honours; a guest's own `Cache-Control: no-cache` is answered from the cache)
 *    and used (hit);
 *    the health check is measured before and after each URL and the URL is compared with the mean
 *    of those two (the machine's speed drifts within minutes).
 *  - Lighthouse (mobile, simulated throttling) on each public page type: tests/perf/lighthouse.ts.
 *  - uploads (tests/perf/uploads.ts): 50 and 100 MB through the Worker into R2 (MB/s), workerd
 *    memory during them, and the time from completion to thumbnails ready.
 *  - a sustained mixed load (60 s of public reads with a moderator writing): tests/perf/load.ts.
 *  - D1 rows read and written by every public read on a cache miss: tests/perf/rows.ts.
 *  - the UI at size (tests/perf/ui-size.ts): typing in the game-assets grid with 6,000 units
 *    loaded (INP), the gallery's DOM nodes and JS heap after paging through it, and the admin
 *    lists' and search's response times.
 * Prints a table and writes tests/perf/results/latest.json. Exits 0 even over budget: it reports.
 *
 * Options:
 *   --state DIR          serve an existing local state (e.g. the 100× world: REALM_STATE_DIR=DIR
 *                        npm run db:migrate && npm run db:seed -- --scale 100) instead of a fresh demo one
 *   --only a,b           only these sections: weight, rows, lighthouse, throughput, uploads, load, ui
 *   --soak               only the soak (tests/perf/soak.ts), on --state (default .wrangler/scale100)
 *   --soak-minutes N     the soak's length (default 30)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { chromium } from "@playwright/test";
import { argValue, run } from "../../scripts/lib.ts";
import { lighthouseRows } from "./lighthouse.ts";
import { thumbnailMemoryRows } from "./thumbnail-memory.ts";
import { uploadBench } from "./uploads.ts";
import { loadRows } from "./load.ts";
import { rowsRows } from "./rows.ts";
import { soak, type SoakMinute } from "./soak.ts";
import { uiAtSize } from "./ui-size.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const SOAK = process.argv.includes("--soak");
const SOAK_MINUTES = Number(argValue("--soak-minutes") ?? 30);
const STATE = argValue("--state") ?? (SOAK ? ".wrangler/scale100" : undefined);
const ONLY = argValue("--only")?.split(",");
const SECTIONS = ["weight", "rows", "lighthouse", "throughput", "uploads", "load", "ui"] as const;
const wanted = (section: (typeof SECTIONS)[number]) => !SOAK && (!ONLY || ONLY.includes(section));
if (ONLY?.some((s) => !SECTIONS.includes(s as never))) throw new Error(`--only takes ${SECTIONS.join(", ")}`);
if (!(SOAK_MINUTES >= 1)) throw new Error("--soak-minutes takes a number of minutes ≥ 1");
const rows: { what: string; value: string; budget: string; ok: boolean | null }[] = [];

/** One URL of every public page type (the demo world's ids). */
const PAGE_TYPES = [
  "/", "/news", "/news/1", "/factions", "/factions/1", "/game-info", "/game-info/schools-of-magic", "/screenshots",
  "/units/1", "/heroes/1", "/spells", "/spells/1", "/compare?units=1,2,3", "/search?q=dragon", "/forum", "/login", "/register",
];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function capture(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} failed:\n${out}`))));
  });
}

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

async function bundleSizes() {
  const out = await capture("npx", ["wrangler", "deploy", "--dry-run", "--outdir", "dist/dry-run"]);
  const match = out.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  if (match) {
    const gz = Number(match[2]);
    rows.push({ what: "Worker bundle (raw / gzip)", value: `${match[1]} KiB / ${gz} KiB`, budget: "≤ 400 KB gzip", ok: gz <= 400 });
  }
}

async function pageWeight() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    const paths = new Set<string>();
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.origin === BASE && ["script", "stylesheet"].includes(req.resourceType())) paths.add(url.pathname);
    });
    await page.goto(`${BASE}/`, { waitUntil: "networkidle" });
    const totals = { js: [0, 0], css: [0, 0] };
    for (const p of paths) {
      const file = `dist/client${p}`;
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file);
      const kind = p.endsWith(".css") ? totals.css : totals.js;
      kind[0]! += bytes.length;
      kind[1]! += gzipSync(bytes, { level: 9 }).length;
    }
    rows.push({ what: "JS loaded by / (raw / gzip)", value: `${kb(totals.js[0]!)} / ${kb(totals.js[1]!)}`, budget: "≤ 110 KB gzip", ok: totals.js[1]! <= 110 * 1024 });
    rows.push({ what: "CSS loaded by / (raw / gzip)", value: `${kb(totals.css[0]!)} / ${kb(totals.css[1]!)}`, budget: "—", ok: null });
    // /api requests during the first load of each public page (the Worker writes the data into the HTML).
    for (const path of PAGE_TYPES) {
      const fresh = await browser.newPage();
      let apiCount = 0;
      fresh.on("request", (req) => {
        if (new URL(req.url()).pathname.startsWith("/api/")) apiCount++;
      });
      await fresh.goto(`${BASE}${path}`, { waitUntil: "networkidle" });
      rows.push({ what: `/api requests on first load of ${path}`, value: String(apiCount), budget: "0", ok: apiCount === 0 });
      await fresh.close();
    }
  } finally {
    await browser.close();
  }
}

/** Requests per second; `miss` sends `X-Fault-Injection: edge-cache-miss` so the edge cache is skipped (and refreshed). */
async function throughput(path: string, miss = false): Promise<number> {
  const headers: Record<string, string> = miss ? { "x-fault-injection": "edge-cache-miss" } : {};
  const result = await autocannon({ url: `${BASE}${path}`, connections: 10, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) console.warn(`  ${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function main() {
  const lighthouse: Awaited<ReturnType<typeof lighthouseRows>> = [];
  let soakTable: SoakMinute[] = [];
  console.log("Building...");
  await run("npx", ["vite", "build", "--logLevel", "warn"]);
  if (wanted("weight")) await bundleSizes();

  console.log(`Starting a server on ${BASE} (${STATE ? `state ${STATE}` : "fresh demo state"})...`);
  const serverArgs = ["scripts/e2e-server.ts", "--port", String(PORT), "--no-build", ...(STATE ? ["--state", STATE] : [])];
  const server: ChildProcess = spawn(process.execPath, serverArgs, {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  try {
    await waitFor(`${BASE}/api/health`, 180_000);
    if (SOAK) soakTable = await soak(BASE, server.pid, SOAK_MINUTES, rows);
    if (wanted("weight")) await pageWeight();
    if (wanted("rows")) await rowsRows(BASE, rows);
    if (wanted("lighthouse")) lighthouse.push(...(await lighthouseRows(BASE, rows)));
    if (wanted("ui")) rows.push(...(await uiAtSize(BASE)));
    if (wanted("throughput")) await throughputRows();
    // Uploads: throughput, workerd memory, complete → thumbnails (tests/perf/uploads.ts), then
    // the workerd memory of the thumbnail job of a 100 MiB original (tests/perf/thumbnail-memory.ts).
    if (wanted("uploads")) rows.push(...(await uploadBench(BASE, server.pid)), ...(await thumbnailMemoryRows(BASE, server.pid)));
    // The sustained mixed run: reads of every public page type and API, a moderator writing.
    if (wanted("load")) await loadRows(BASE, rows);
  } finally {
    try {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
    } catch {
      console.warn("  the server had already exited");
    }
  }

  const width = Math.max(...rows.map((r) => r.what.length));
  console.log(`\n${"what".padEnd(width)} | value | budget | verdict`);
  for (const r of rows) {
    console.log(`${r.what.padEnd(width)} | ${r.value} | ${r.budget} | ${r.ok === null ? "—" : r.ok ? "within" : "OVER"}`);
  }
  mkdirSync("tests/perf/results", { recursive: true });
  const file = SOAK ? "tests/perf/results/soak.json" : "tests/perf/results/latest.json";
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), state: STATE ?? "demo", durationSeconds: DURATION_S, rows, lighthouse, soak: soakTable }, null, 2));
}

async function throughputRows() {
  // The machine's speed drifts (the health check alone moves by a quarter within minutes), so
  // each URL is compared with the health check measured just before and just after it.
  const firstRow = rows.length;
  const health = [await throughput("/api/health")];
  for (const path of ["/api/news", "/api/news/filters", "/api/news/1", "/api/media", "/api/media/filters", ...PAGE_TYPES]) {
    // Edge cache missed (every request does the D1 work; the budget) and used (reported).
    const measured = [];
    for (const miss of [true, false]) measured.push({ miss, rps: await throughput(path, miss) });
    health.push(await throughput("/api/health"));
    const reference = (health.at(-2)! + health.at(-1)!) / 2;
    for (const { miss, rps } of measured) {
      const ratio = rps / reference;
      rows.push({
        what: `GET ${path} (${miss ? "cache miss" : "cache hit"})`,
        value: `${rps.toFixed(0)} req/s (${(ratio * 100).toFixed(0)}% of health ${reference.toFixed(0)})`,
        // A miss's budget is its Worker CPU (npm run bench:cpu: ≤ 4× /api/health); its throughput is reported.
        budget: miss ? "report (CPU: bench:cpu)" : path.startsWith("/api/") ? "report" : "≥ 100% of health",
        ok: miss || path.startsWith("/api/") ? null : ratio >= 1,
      });
    }
  }
  const sorted = [...health].sort((a, b) => a - b);
  rows.splice(firstRow, 0, {
    what: "GET /api/health",
    value: `${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} req/s median of ${health.length} (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)}); each row uses the two beside it`,
    budget: "reference",
    ok: null,
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
