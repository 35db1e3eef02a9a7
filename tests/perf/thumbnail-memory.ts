/**
 * Memory of a thumbnail job with the largest original the site accepts (100 MiB), for
 * `npm run bench` (called from tests/perf/run.ts after the upload rows) and on its own:
 *
 *   npm run bench:thumbnails        # builds, starts a seeded server on BENCH_PORT (default 8797), measures
 *
 * The original is a real 3000×2000 JPEG followed by zeros up to 100 MiB (decoders stop at the
 * image's end; the Worker and R2 still move every byte). It is uploaded through the upload API,
 * completed, and the workerd processes' resident memory is sampled every 20 ms from completion
 * until the item's thumbnails are ready: a job that holds the original whole grows by about its
 * size, one that streams it stays flat. The first such job is a warm-up (the first large reads
 * grow workerd's heaps once, as a plain 100 MB download through /files does); the second is
 * measured. Plain Node (no path aliases).
 */
import { spawn } from "node:child_process";
import sharp from "sharp";
import { run } from "../../scripts/lib.ts";
import { commOf, descendants, rss, signIn, uploadFile, type BenchRow } from "./uploads.ts";

const MB = 1024 * 1024;
const SIZE = 100 * MB;

type Json = Record<string, unknown>;

async function api<T>(base: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A decodable JPEG padded with zeros to `size` bytes. */
async function paddedJpeg(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg({ quality: 90 }).toBuffer();
  const file = new Uint8Array(size);
  file.set(jpeg);
  return file;
}

/** The bench rows: workerd RSS before and at its peak during the 100 MiB original's thumbnail job, and its time. */
export async function thumbnailMemoryRows(base: string, serverPid: number | undefined): Promise<BenchRow[]> {
  const token = await signIn(base);
  const settings = await api<Json>(base, token, "/api/settings");
  const { updatedAt: _updatedAt, ...current } = settings;
  const put = (body: Json) => api(base, token, "/api/settings", { method: "PUT", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  await put({ ...current, maxFileUploadSize: 100 });
  const workerd = serverPid ? descendants(serverPid).filter((pid) => commOf(pid) === "workerd") : [];
  const categories = await api<{ id: number }[]>(base, token, "/api/media/categories");
  const created: number[] = [];
  /** One upload and its job: seconds to ready (or the status it ended in) and RSS before and at the peak. */
  const job = async () => {
    const upload = await uploadFile(base, token, await paddedJpeg(SIZE), "image/jpeg", categories[0]?.id ?? 1);
    created.push(upload.media.id);
    const before = rss(workerd);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(workerd))), 20);
    let status = upload.media.thumbnailStatus;
    let error: unknown = null;
    try {
      while (status === "pending" && performance.now() < upload.completedAt + 180_000) {
        await new Promise((r) => setTimeout(r, 100));
        const item = await api<{ thumbnailStatus: string; thumbnailError: unknown }>(base, token, `/api/media/${upload.media.id}`);
        status = item.thumbnailStatus;
        error = item.thumbnailError;
      }
    } finally {
      clearInterval(sampler);
    }
    return { status, error, seconds: (performance.now() - upload.completedAt) / 1000, before, peak };
  };
  try {
    const warm = await job();
    const measured = await job();
    const growth = measured.peak - measured.before;
    return [
      {
        what: "Thumbnail job of a 100 MiB original (3000×2000 JPEG + padding)",
        value:
          measured.status === "ready"
            ? `ready in ${measured.seconds.toFixed(1)} s`
            : `${measured.status} after ${measured.seconds.toFixed(0)} s (${String(measured.error)})`,
        budget: "ready",
        ok: measured.status === "ready",
      },
      {
        what: `workerd RSS during that job (${workerd.length} processes; the warm-up job before it: +${((warm.peak - warm.before) / MB).toFixed(0)} MB)`,
        value: workerd.length
          ? `${(measured.before / MB).toFixed(0)} MB before, ${(measured.peak / MB).toFixed(0)} MB peak (+${(growth / MB).toFixed(0)} MB)`
          : "workerd process not found",
        budget: "flat: growth < a quarter of the original (25 MB)",
        ok: workerd.length ? growth < SIZE / 4 : null,
      },
    ];
  } finally {
    for (const id of created) await api(base, token, `/api/media/${id}`, { method: "DELETE" }).catch(() => {});
    await put(current).catch(() => {});
  }
}

/** On its own: build (unless --no-build), start a seeded server (or measure the one at BENCH_PORT, `--server <pid>`), measure, stop it. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 8797);
  const base = `http://127.0.0.1:${port}`;
  const running = process.argv.indexOf("--server");
  if (running >= 0) {
    for (const row of await thumbnailMemoryRows(base, Number(process.argv[running + 1]))) console.log(`${row.what} | ${row.value} | ${row.budget}`);
    process.exit(0);
  }
  if (!process.argv.includes("--no-build")) await run("npx", ["vite", "build", "--logLevel", "warn"]);
  const server = spawn(process.execPath, ["scripts/e2e-server.ts", "--port", String(port), "--no-build"], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  try {
    const until = Date.now() + 600_000;
    for (;;) {
      const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (up) break;
      if (Date.now() > until) throw new Error(`server did not answer ${base}/api/health`);
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const row of await thumbnailMemoryRows(base, server.pid)) console.log(`${row.what} | ${row.value} | ${row.budget} | ${row.ok === null ? "—" : row.ok ? "within" : "OVER"}`);
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}
