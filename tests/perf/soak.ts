/**
 * `npm run bench -- --soak [--soak-minutes N]` (default 30): the mixed load of tests/perf/load.ts
 * (guests reading every public page and API type, half of the reads missing the edge cache, one
 * moderator creating and editing drafts) held for N minutes against the built site serving a
 * local state (run.ts's --state, by default the 100× world of `npm run db:seed -- --scale 100`).
 * Reported per minute: requests, errors, p50/p99 latency and the workerd processes' resident
 * memory; then the verdicts: 0 errors, the last 5 minutes' p99 within 1.5× of the first 5
 * minutes', the Worker isolate's JS heap flat (read through workerd's inspector; the last 5
 * minutes' largest within 1.25× of minutes 2–6': the first minute warms the isolate; the workerd
 * processes' RSS is reported, since locally it also holds the simulated cache, D1 and log stores) and 0 lost writes. Also the load average, since the machine is shared.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { loadavg } from "node:os";
import { mixedLoad, percentile } from "./load.ts";
import { commOf, descendants, rss } from "./uploads.ts";

/** TCP ports the process listens on (127.0.0.1), from /proc: its socket inodes matched in net/tcp. */
function listeningPorts(pid: number): number[] {
  try {
    const inodes = new Set<string>();
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    }
    const ports: number[] = [];
    for (const line of readFileSync(`/proc/${pid}/net/tcp`, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local address, state 0A = LISTEN, inode
      if (cols[3] === "0A" && inodes.has(cols[9]!)) ports.push(parseInt(cols[1]!.split(":")[1]!, 16));
    }
    return ports;
  } catch {
    return [];
  }
}

/**
 * The Worker isolate's V8 heap (used bytes), through workerd's inspector (`/json/list` on one of
 * the Worker process's ports, then `Runtime.getHeapUsage`): the Worker's own memory, apart from
 * the local D1, cache and log stores that share its process. Null when no inspector answers.
 */
async function isolateHeap(pids: number[]): Promise<number | null> {
  for (const pid of pids) {
    for (const port of listeningPorts(pid)) {
      try {
        const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) })).json()) as { webSocketDebuggerUrl?: string; title?: string }[];
        const target = list.find((t) => t.title?.includes("core:user:"));
        if (!target?.webSocketDebuggerUrl) continue;
        return await new Promise<number | null>((resolve) => {
          const ws = new WebSocket(target.webSocketDebuggerUrl!);
          const timer = setTimeout(() => (ws.close(), resolve(null)), 5000);
          ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" }));
          ws.onmessage = (m) => {
            const reply = JSON.parse(String(m.data)) as { id?: number; result?: { usedSize: number } };
            if (reply.id !== 1) return;
            clearTimeout(timer);
            ws.close();
            resolve(reply.result?.usedSize ?? null);
          };
          ws.onerror = () => (clearTimeout(timer), resolve(null));
        });
      } catch {
        // not the inspector
      }
    }
  }
  return null;
}

type Row = { what: string; value: string; budget: string; ok: boolean | null };
export type SoakMinute = { minute: number; requests: number; errors: number; p50: number; p99: number; heapMb: number | null; workerdMb: number; proxyMb: number; load1: number };

const READERS = Number(process.env.LOAD_READERS ?? 8);
const MB = 1024 * 1024;

export async function soak(base: string, serverPid: number | undefined, minutes: number, rows: Row[]): Promise<SoakMinute[]> {
  // wrangler dev runs two workerd processes: the one listening on the site's port proxies to the
  // other, which runs the Worker (with the local D1, cache and logs). Their memory is reported apart.
  const port = new URL(base).port;
  const workerd = () => (serverPid ? descendants(serverPid).filter((pid) => commOf(pid) === "workerd") : []);
  const isProxy = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(`entry=127.0.0.1:${port}`);
    } catch {
      return false;
    }
  };
  const sample = async () => {
    const pids = workerd();
    const worker = pids.filter((p) => !isProxy(p));
    const heap = await isolateHeap(worker);
    return { heapMb: heap === null ? null : heap / MB, workerdMb: rss(worker) / MB, proxyMb: rss(pids.filter(isProxy)) / MB, load1: loadavg()[0]! };
  };
  const memory: Awaited<ReturnType<typeof sample>>[] = [];
  // Sampled at the end of each minute of the run (index = minute - 1).
  const sampler = setInterval(() => {
    void sample().then((m) => {
      memory.push(m);
      console.log(`  soak: minute ${memory.length} of ${minutes}, Worker heap ${m.heapMb?.toFixed(0) ?? "?"} MB, Worker workerd ${m.workerdMb.toFixed(0)} MB, proxy ${m.proxyMb.toFixed(0)} MB, load ${m.load1.toFixed(1)}`);
    });
  }, 60_000);
  const run = await mixedLoad(base, minutes * 60, READERS).finally(() => clearInterval(sampler));

  const table: SoakMinute[] = [];
  for (let m = 0; m < minutes; m++) {
    const inMinute = run.samples.filter((s) => s.at >= m * 60_000 && s.at < (m + 1) * 60_000);
    const sorted = inMinute.map((s) => s.ms).sort((a, b) => a - b);
    table.push({
      minute: m + 1,
      requests: inMinute.length,
      errors: inMinute.filter((s) => s.failed).length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      ...(memory[m] ?? (await sample())),
    });
  }
  console.log("\nminute | requests | errors | p50 ms | p99 ms | Worker JS heap MB | Worker workerd RSS MB | proxy workerd RSS MB | load avg (1 min)");
  for (const t of table) console.log(`${t.minute} | ${t.requests} | ${t.errors} | ${t.p50.toFixed(1)} | ${t.p99.toFixed(1)} | ${t.heapMb?.toFixed(1) ?? "?"} | ${t.workerdMb.toFixed(0)} | ${t.proxyMb.toFixed(0)} | ${t.load1.toFixed(1)}`);

  // The slowest reads over the whole run, so a drift or a slow route can be traced to a path.
  const byPath = new Map<string, number[]>();
  for (const s of run.samples) byPath.set(s.path, [...(byPath.get(s.path) ?? []), s.ms]);
  const perPath = [...byPath].map(([path, ms]) => ({ path, n: ms.length, sorted: ms.sort((a, b) => a - b) }));
  perPath.sort((a, b) => percentile(b.sorted, 50) - percentile(a.sorted, 50));
  console.log("\npath | requests | p50 ms | p99 ms (slowest 12 by p50)");
  for (const p of perPath.slice(0, 12)) console.log(`${p.path} | ${p.n} | ${percentile(p.sorted, 50).toFixed(0)} | ${percentile(p.sorted, 99).toFixed(0)}`);

  const window = Math.min(5, Math.max(1, Math.floor(minutes / 2)));
  const p99Of = (part: SoakMinute[]) => {
    const sorted = run.samples.filter((s) => part.some((t) => s.at >= (t.minute - 1) * 60_000 && s.at < t.minute * 60_000)).map((s) => s.ms).sort((a, b) => a - b);
    return percentile(sorted, 99);
  };
  const firstP99 = p99Of(table.slice(0, window));
  const lastP99 = p99Of(table.slice(-window));
  const memFrom = table[Math.min(1, table.length - 1)]!.workerdMb;
  const memTo = table.at(-1)!.workerdMb;
  const total = run.samples.length;
  rows.push({ what: `Soak: ${minutes} min mixed (${READERS} readers over ${run.paths.length} public pages/APIs + 1 moderator writing)`, value: `${total} requests, ${(total / run.elapsedSeconds).toFixed(0)} req/s`, budget: "report", ok: null });
  rows.push({ what: "Soak: errors (non-2xx or failed)", value: String(run.errors.length), budget: "0", ok: run.errors.length === 0 });
  rows.push({ what: `Soak: p99, first ${window} min → last ${window} min`, value: `${firstP99.toFixed(1)} ms → ${lastP99.toFixed(1)} ms (${(lastP99 / firstP99).toFixed(2)}×)`, budget: "≤ 1.5×", ok: lastP99 <= 1.5 * firstP99 });
  // The isolate's heap moves with garbage collection: the worst of the last 5 minutes against the worst of minutes 2–6.
  const heaps = (part: SoakMinute[]) => Math.max(...part.map((t) => t.heapMb ?? 0));
  const heapFrom = heaps(table.slice(1, 1 + window));
  const heapTo = heaps(table.slice(-window));
  rows.push({
    what: `Soak: Worker isolate JS heap (inspector), max of minutes 2–${1 + window} → max of the last ${window}`,
    value: heapFrom ? `${heapFrom.toFixed(1)} MB → ${heapTo.toFixed(1)} MB` : "no inspector answered",
    budget: "flat (≤ 1.25×)",
    ok: heapFrom ? heapTo <= 1.25 * heapFrom : null,
  });
  rows.push({ what: "Soak: Worker workerd RSS (with the local D1, cache and log stores), minute 2 → last minute", value: `${memFrom.toFixed(0)} MB → ${memTo.toFixed(0)} MB`, budget: "report", ok: null });
  const proxyFrom = table[Math.min(1, table.length - 1)]!.proxyMb;
  rows.push({ what: "Soak: proxy workerd RSS (wrangler's, local only), minute 2 → last minute", value: `${proxyFrom.toFixed(0)} MB → ${table.at(-1)!.proxyMb.toFixed(0)} MB`, budget: "report", ok: null });
  rows.push({ what: "Soak: writes acknowledged / lost", value: `${run.writes} sent, ${run.acknowledged} articles acknowledged / ${run.lost} lost`, budget: "0 lost", ok: run.lost === 0 });
  rows.push({ what: "Soak: load average (1 min) at start / end", value: `${table[0]!.load1.toFixed(1)} / ${table.at(-1)!.load1.toFixed(1)} (2 cores, shared)`, budget: "report", ok: null });
  if (run.errors.length) console.warn(`  soak errors (first 10):\n    ${run.errors.slice(0, 10).join("\n    ")}`);
  return table;
}
