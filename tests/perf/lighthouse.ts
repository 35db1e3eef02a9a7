/**
 * Lighthouse in `npm run bench`: each public page type, mobile with Lighthouse's default simulated
 * throttling, in Debian's Chromium (headless), N runs per page; the median of each number is
 * reported against the budgets. Example URLs for the content pages come from the site's own
 * /sitemap.xml, so the bench follows whatever the seed holds.
 *
 * Environment: BENCH_PAGES (comma-separated paths, e.g. "/,/news/1") limits the pages;
 * BENCH_LIGHTHOUSE_RUNS (default 3) sets the runs per page; BENCH_LIGHTHOUSE=0 skips Lighthouse.
 * Failing audits (score < 1 in Accessibility, Best Practices and SEO, and the Performance
 * opportunities) are printed per page and saved with the results, so a number can be explained.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { PAGE_TABLE, paramNames, samplePath, type PageName } from "../../shared/page-table.ts";

export type BenchRow = { what: string; value: string; budget: string; ok: boolean | null };

type PageResult = {
  path: string;
  scores: { performance: number; accessibility: number; "best-practices": number; seo: number };
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  /**
   * Lighthouse's measure of this machine's CPU (higher is faster). Simulated throttling slows the
   * observed tasks by a fixed 4×, so TBT grows on a slower or busier host: the index tells runs
   * of different days apart. Reported only; the budgets use Lighthouse's defaults.
   */
  benchmarkIndex: number;
  /** Runs that recorded (failed recordings are retried). */
  runs: number;
  failing: string[];
};

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/**
 * The page types that must meet the budgets: every guest page of the page table but the 404 page,
 * at its sample URL (the URL a parameterised page's sample names is replaced by one from the
 * sitemap when it lists one, so the bench follows the seed), with a query for the pages that
 * show their content for one.
 */
const BENCH_SEARCH: Partial<Record<PageName, string>> = { compare: "units=1,2,3", search: "q=dragon" };
const PAGE_TYPES = PAGE_TABLE.filter((e) => !("guest" in e) && e.path !== "*").map((entry) => ({
  sample: `${samplePath(entry)}${BENCH_SEARCH[entry.name] ? `?${BENCH_SEARCH[entry.name]}` : ""}`,
  pattern: paramNames(entry.path).length ? new RegExp(`^${entry.path.replace(/:\w+/g, "[^/]+")}$`) : undefined,
}));

/** Resolves the page list: BENCH_PAGES if given, else one URL per page type from /sitemap.xml. */
async function pagesToRun(base: string): Promise<string[]> {
  const only = process.env.BENCH_PAGES?.split(",").map((p) => p.trim()).filter(Boolean);
  if (only?.length) return only;
  // /sitemap.xml is an index: the pages are in its children.
  const locs = async (path: string) => [...(await (await fetch(`${base}${path}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const paths = (await Promise.all((await locs("/sitemap.xml")).map(locs))).flat();
  const out: string[] = [];
  for (const { sample, pattern } of PAGE_TYPES) out.push((pattern && paths.find((p) => pattern.test(p))) || sample);
  return out;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function auditPage(port: number, url: string, runs: number): Promise<Omit<PageResult, "path">> {
  const samples: PageResult["scores"][] = [];
  const metrics: PageResult["metrics"][] = [];
  const benchmarkIndexes: number[] = [];
  /** "category: audit id" → the audit's display value in each run that failed it. */
  const failing = new Map<string, string[]>();
  // A run that failed to record (e.g. NO_NAVSTART on a busy machine) has no numbers: retry it,
  // up to twice the wanted runs in all.
  for (let attempt = 0; samples.length < runs && attempt < runs * 2; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      console.warn(`  lighthouse ${url}: ${lhr.runtimeError.code} (run discarded)`);
      continue;
    }
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    samples.push({ performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") });
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    metrics.push({ fcp: numeric("first-contentful-paint"), lcp: numeric("largest-contentful-paint"), tbt: numeric("total-blocking-time"), cls: numeric("cumulative-layout-shift") });
    for (const category of CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        if (category === "performance" && ref.weight === 0 && audit.details?.type !== "opportunity") continue;
        if (["manual", "notApplicable", "informative"].includes(audit.scoreDisplayMode)) continue;
        const key = `${category}: ${ref.id}`;
        failing.set(key, [...(failing.get(key) ?? []), (audit.displayValue ?? "").replace(/\s+/g, " ")]);
      }
    }
  }
  if (samples.length === 0) throw new Error(`lighthouse could not record ${url} in ${runs * 2} attempts`);
  const pick = <T,>(list: T[], key: keyof T) => median(list.map((s) => s[key] as number));
  return {
    scores: {
      performance: pick(samples, "performance"),
      accessibility: pick(samples, "accessibility"),
      "best-practices": pick(samples, "best-practices"),
      seo: pick(samples, "seo"),
    },
    metrics: { fcp: pick(metrics, "fcp"), lcp: pick(metrics, "lcp"), tbt: pick(metrics, "tbt"), cls: pick(metrics, "cls") },
    benchmarkIndex: median(benchmarkIndexes),
    runs: samples.length,
    failing: [...failing]
      .map(([key, values]) => `${key}${values.some(Boolean) ? ` (${values.filter(Boolean).join(" / ")})` : ""} in ${values.length} of ${samples.length} runs`)
      .sort(),
  };
}

/**
 * Browser UI that headless Chromium runs beside the page and a phone's browser does not: the
 * desktop omnibox popup is a WebUI page (chrome://omnibox-popup.top-chrome/, its own renderer
 * process running Lit and Mojo scripts) that updates on every navigation, on the same two cores as
 * the page under test. Chromium takes the last --disable-features it is given, so these are
 * appended to chrome-launcher's own list.
 */
const BROWSER_UI_FEATURES = process.env.BENCH_KEEP_BROWSER_UI === "1" ? [] : ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/** Debian's Chromium (CHROMIUM_PATH overrides), headless, as every Lighthouse run of the bench uses it. */
export const launchChromium = () => {
  const defaults = chromeLauncher.Launcher.defaultFlags();
  const features = defaults.find((flag) => flag.startsWith("--disable-features="));
  const disabled = [features?.slice("--disable-features=".length), ...BROWSER_UI_FEATURES].filter(Boolean).join(",");
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    ignoreDefaultFlags: true,
    chromeFlags: [
      ...defaults.filter((flag) => flag !== features),
      "--disable-setuid-sandbox",
      `--disable-features=${disabled}`,
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
    ],
    logLevel: "error",
  });
};

/** Runs Lighthouse on every page type against `base` and appends one row per page to `rows`. */
export async function lighthouseRows(base: string, rows: BenchRow[]): Promise<PageResult[]> {
  if (process.env.BENCH_LIGHTHOUSE === "0") return [];
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const pages = await pagesToRun(base);
  console.log(`Lighthouse: ${pages.length} pages × ${runs} runs (mobile, simulated throttling)...`);
  const chrome = await launchChromium();
  const results: PageResult[] = [];
  try {
    for (const path of pages) {
      let audited: Omit<PageResult, "path">;
      try {
        audited = await auditPage(chrome.port, `${base}${path}`, runs);
      } catch (err) {
        rows.push({ what: `Lighthouse ${path}`, value: `failed: ${(err as Error).message}`, budget: "—", ok: false });
        continue;
      }
      const result = { path, ...audited };
      results.push(result);
      const { scores: s, metrics: m } = result;
      const ok =
        s.performance >= 98 && s.accessibility === 100 && s["best-practices"] === 100 && s.seo === 100 &&
        m.fcp <= 1200 && m.lcp <= 1800 && m.tbt <= 100 && m.cls <= 0.01;
      rows.push({
        what: `Lighthouse ${path} (median of ${result.runs})`,
        value:
          `Perf ${s.performance} · A11y ${s.accessibility} · BP ${s["best-practices"]} · SEO ${s.seo} · ` +
          `FCP ${(m.fcp / 1000).toFixed(2)} s · LCP ${(m.lcp / 1000).toFixed(2)} s · TBT ${m.tbt.toFixed(0)} ms · CLS ${m.cls.toFixed(3)} ` +
          `(host benchmarkIndex ${result.benchmarkIndex.toFixed(0)})`,
        budget: "Perf ≥ 98 · A11y/BP/SEO 100 · FCP ≤ 1.2 s · LCP ≤ 1.8 s · TBT ≤ 100 ms · CLS ≤ 0.01",
        ok,
      });
      console.log(`  ${path}: ${rows.at(-1)!.value}`);
      for (const f of result.failing) console.log(`    ✗ ${f}`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
