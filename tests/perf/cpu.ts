/**
 * CPU per request of local workerd, for judging a Worker change (docs/scaling.md, "CPU per
 * request"). The bench's throughput ratios move by ±10 points between runs on a shared machine;
 * the CPU the workerd processes spend per request is steadier, and comparing two builds served
 * side by side, measured in turns, cancels most of the machine's drift.
 *
 *   FAULT_INJECTION=on npm start                   # or any running local build (port 8787) with it
 *   npm run bench:cpu -- /spells /factions/1       # that server: median CPU ms per request
 *   npm run bench:cpu -- --ports 8787,8789 /spells # two servers (say, before and after), in turns
 *
 * For each port, both workerd processes of its `wrangler dev` are read from /proc (Linux): the
 * proxy that owns the port and the process that runs the Worker together with the local D1,
 * cache and assets. Each URL gets CPU_REQUESTS requests (default 400) from 10 connections with
 * the test-only `X-Fault-Injection: edge-cache-miss` (an edge cache miss, as the bench's budget row;
 * honoured only by a local server started with FAULT_INJECTION=on) in CPU_REPS rounds
 * (default 5); /api/health, the bench's reference, is measured in every round too.
 * To serve a second build: `npx vite build`, copy `dist/` and `.wrangler/state/` elsewhere, then
 * `npx wrangler dev -c <copy>/realm_codex/wrangler.json --persist-to <state copy> --port 8789
 * --inspector-port 9231`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const args = process.argv.slice(2);
const portsAt = args.indexOf("--ports");
const ports = portsAt >= 0 ? args.splice(portsAt, 2)[1]!.split(",") : [process.env.PORT ?? "8787"];
const paths = ["/api/health", ...args.filter((a) => a !== "/api/health")];
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 400);
const REPS = Number(process.env.CPU_REPS ?? 5);
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

type Processes = { proxy: string; worker: string };

/** The two workerd processes of each port's `wrangler dev`: the one listening on it, and its sibling. */
function workerdProcesses(): Map<string, Processes> {
  const rows = execFileSync("ps", ["-eo", "pid,ppid,args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => /\/workerd serve /.test(line))
    .map((line) => {
      const [pid, ppid] = line.trim().split(/\s+/);
      return { pid: pid!, ppid: ppid!, port: /--socket-addr=entry=127\.0\.0\.1:(\d+)/.exec(line)?.[1] };
    });
  const found = new Map<string, Processes>();
  for (const proxy of rows) {
    const worker = rows.find((r) => r.ppid === proxy.ppid && r !== proxy);
    if (proxy.port && proxy.port !== "0" && worker) found.set(proxy.port, { proxy: proxy.pid, worker: worker.pid });
  }
  return found;
}

/** User plus system CPU of a process so far, in ticks. */
function cpuTicks(pid: string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

type Sample = { worker: number; proxy: number; rps: number };

async function measure(port: string, processes: Processes, path: string): Promise<Sample> {
  const before = [cpuTicks(processes.worker), cpuTicks(processes.proxy)];
  const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 10, amount: REQUESTS, headers: { "x-fault-injection": "edge-cache-miss" } });
  if (result.non2xx || result.errors) throw new Error(`${path} on ${port}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const msPerRequest = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND / REQUESTS;
  return {
    worker: msPerRequest(cpuTicks(processes.worker) - before[0]!),
    proxy: msPerRequest(cpuTicks(processes.proxy) - before[1]!),
    rps: result.requests.total / result.duration,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const found = workerdProcesses();
for (const port of ports) {
  if (!found.has(port)) {
    console.error(`no local workerd found on port ${port} (start one with npm start)`);
    process.exit(2);
  }
}

// A miss must be a miss: a server without the fault switch answers the header from its cache.
for (const port of ports) {
  for (const path of paths.filter((p) => p !== "/api/health")) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { "x-fault-injection": "edge-cache-miss" } });
    await res.arrayBuffer();
    if (res.headers.get("x-edge-cache") === "HIT") {
      console.error(`${path} on ${port} was a cache hit: start the server with FAULT_INJECTION=on (FAULT_INJECTION=on npm start)`);
      process.exit(2);
    }
  }
}

// One warm-up request batch per URL and port (isolates, statements kept per isolate), then rounds.
for (const port of ports) for (const path of paths) await measure(port, found.get(port)!, path);
const samples = new Map<string, Sample[]>();
for (let round = 0; round < REPS; round++) {
  // The servers take turns, and which goes first alternates, so drift falls on both alike.
  const order = round % 2 ? [...ports].reverse() : ports;
  for (const path of paths) {
    for (const port of order) {
      const key = `${port} ${path}`;
      samples.set(key, [...(samples.get(key) ?? []), await measure(port, found.get(port)!, path)]);
    }
  }
}

console.log(`CPU ms per request (median of ${REPS} rounds of ${REQUESTS}, cache miss): Worker process + proxy process`);
for (const path of paths) {
  const cells = ports.map((port) => {
    const runs = samples.get(`${port} ${path}`)!;
    const worker = median(runs.map((r) => r.worker));
    const proxy = median(runs.map((r) => r.proxy));
    return `:${port} ${worker.toFixed(2)} + ${proxy.toFixed(2)} ms (${median(runs.map((r) => r.rps)).toFixed(0)} req/s)`;
  });
  console.log(`${path.padEnd(16)} ${cells.join("   ")}`);
}
