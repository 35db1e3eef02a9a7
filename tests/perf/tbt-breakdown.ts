/**
 * Where a page's Total Blocking Time comes from: runs Lighthouse (the bench's settings: mobile,
 * simulated throttling) on one URL of a running site, then Lantern, Lighthouse's simulator, on the
 * recorded trace, and prints the main-thread tasks that count: each task's observed start and
 * duration, its simulated duration (×4), how much of it falls after the simulated First
 * Contentful Paint, and its largest child events. See docs/decisions/0019-content-before-javascript.md
 * (addendum 2) for what it showed.
 *
 *   npm start   # or any running build
 *   npm run bench:tbt -- http://127.0.0.1:8787/factions/1 [runs]
 */
import lighthouse from "lighthouse";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import { launchChromium } from "./lighthouse.ts";

type TraceEvent = { name: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown> } };
type CpuNode = { type: string; event: TraceEvent; childEvents: TraceEvent[] };
type Timing = { startTime: number; endTime: number; duration: number };

const [url, runsArg] = process.argv.slice(2);
if (!url) {
  console.error("usage: npm run bench:tbt -- <url> [runs]");
  process.exit(2);
}
const ms = (us: number) => Math.round(us / 1000);

const chrome = await launchChromium();
try {
  const runs = Math.max(1, Number(runsArg ?? 1));
  // A run that fails to record (NO_NAVSTART, often the first in a fresh browser) is retried, as in the bench.
  for (let run = 0, attempts = 0; run < runs && attempts < runs * 2; attempts++) {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    if (!result || result.lhr.runtimeError) {
      console.log(`attempt ${attempts + 1}: ${result?.lhr.runtimeError?.code ?? "no result"} (discarded)`);
      continue;
    }
    run++;
    const { artifacts, lhr } = result;
    const events = artifacts.Trace.traceEvents as unknown as TraceEvent[];
    const navigation = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && String(e.args.data.documentLoaderURL).startsWith("http"));
    if (!navigation) continue;
    const data = {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: lhr.configSettings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      HostDPR: artifacts.HostDPR,
      simulator: null,
    };
    const context = { computedCache: new Map(), settings: lhr.configSettings };
    // Lighthouse's computed artifacts are typed for its own audits; the inputs above are what they read.
    const tbt = await LanternTotalBlockingTime.request(data as never, context as never);
    const fcp = await LanternFirstContentfulPaint.request(data as never, context as never);
    // The pessimistic TBT estimate is measured from the optimistic FCP (Lantern's own pairing).
    const fcpAt = fcp.optimisticEstimate.timeInMs;
    console.log(
      `run ${run}: TBT ${Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0)} ms ` +
        `(Lantern ${Math.round(tbt.optimisticEstimate.timeInMs)}–${Math.round(tbt.pessimisticEstimate.timeInMs)}), simulated FCP ${Math.round(fcpAt)} ms`,
    );
    const rows = [...(tbt.pessimisticEstimate.nodeTimings as Map<CpuNode, Timing>)]
      .filter(([node, t]) => node.type === "cpu" && t.duration >= 30)
      .sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, t] of rows) {
      const after = Math.max(0, Math.round(t.endTime - Math.max(t.startTime, fcpAt)));
      const children = node.childEvents
        .filter((e) => (e.dur ?? 0) > 1500)
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 4)
        .map((e) => `${e.name}${typeof e.args?.data?.url === "string" ? `:${e.args.data.url.split("/").pop()}` : ""} ${ms(e.dur ?? 0)}`)
        .join(", ");
      console.log(
        `  observed @${ms(node.event.ts - navigation.ts)} ms for ${ms(node.event.dur ?? 0)} ms → simulated ${Math.round(t.duration)} ms, ${after} ms after FCP  [${children}]`,
      );
    }
  }
} finally {
  await chrome.kill();
}
