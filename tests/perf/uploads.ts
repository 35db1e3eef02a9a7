/**
 * Upload benchmarks for `npm run bench` (called from run.ts against its seeded local server):
 *  - throughput of a 50 MB and a 100 MB file sent as the upload dialog sends them (8 MiB parts,
 *    3 in flight) through the Worker into local R2, in MB/s;
 *  - the workerd processes' resident memory before and at its peak during each upload (flat,
 *    and not growing with the file, means parts are streamed, never buffered whole);
 *  - the time from completing an image upload to its thumbnails being ready (queue job);
 * (run.ts follows them with the thumbnail job's memory, tests/perf/thumbnail-memory.ts, which
 * uses the helpers exported here.)
 * Plain Node (no path aliases).
 */
import { readdirSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { ACCOUNTS, DEMO_PASSWORD } from "../../scripts/demo/accounts.ts";

export type BenchRow = { what: string; value: string; budget: string; ok: boolean | null };

const MB = 1024 * 1024;
const FILE_BYTES = 50 * MB;
const IN_FLIGHT = 3;

type Upload = { id: string; partSize: number; partCount: number };

/** `bytes` that are an MP4 by their first bytes (the type check reads only those); deterministic filler. */
function mp4(bytes: number): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(bytes);
  for (let i = 0; i < file.length; i++) file[i] = (i * 131 + 17) & 255;
  file.set([0x00, 0x00, 0x00, 0x20, ...Buffer.from("ftypisom"), 0x00, 0x00, 0x02, 0x00]);
  return file;
}

/** Every process below `root` (its children, theirs...), from /proc. */
export function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    for (const child of parents.get(pid) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

export const commOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
};

/** Resident memory (bytes) of the given processes together. */
export function rss(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

async function api<T>(base: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

export async function signIn(base: string): Promise<string> {
  const email = ACCOUNTS.find((a) => a.roles.includes("Admin"))!.email;
  const res = await fetch(`${base}/api/auth/login`, { method: "POST", ...json({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Sends every part, `IN_FLIGHT` at a time, as the dialog does. */
async function sendParts(base: string, token: string, upload: Upload, file: Uint8Array<ArrayBuffer>) {
  let next = 1;
  const worker = async () => {
    while (next <= upload.partCount) {
      const n = next++;
      const body = file.subarray((n - 1) * upload.partSize, Math.min(file.length, n * upload.partSize));
      await api(base, token, `/api/uploads/${upload.id}/parts/${n}`, { method: "PUT", body, headers: { "Content-Type": "application/octet-stream" } });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

async function firstCategory(base: string, token: string): Promise<number> {
  const categories = await api<{ id: number }[]>(base, token, "/api/media/categories");
  return categories[0]?.id ?? 1;
}

/** Uploads `file` and completes it; answers the new media id and the seconds each stage took. */
export async function uploadFile(base: string, token: string, file: Uint8Array<ArrayBuffer>, contentType: string, categoryId: number) {
  const upload = await api<Upload>(base, token, "/api/uploads", {
    method: "POST",
    ...json({ fileName: `bench.${contentType.split("/")[1]}`, size: file.length, contentType, title: "Benchmark upload", categoryId, factionId: null }),
  });
  const t0 = performance.now();
  await sendParts(base, token, upload, file);
  const t1 = performance.now();
  const { media } = await api<{ media: { id: number; thumbnailStatus: string } }>(base, token, `/api/uploads/${upload.id}/complete`, { method: "POST" });
  const t2 = performance.now();
  return { media, partsSeconds: (t1 - t0) / 1000, completeSeconds: (t2 - t1) / 1000, completedAt: t2 };
}

/** The upload rows; `serverPid` is the process group run.ts started (wrangler and workerd below it). */
export async function uploadBench(base: string, serverPid: number | undefined): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const token = await signIn(base);
  const settings = await api<Record<string, unknown>>(base, token, "/api/settings");
  const { updatedAt: _updatedAt, ...current } = settings;
  await api(base, token, "/api/settings", { method: "PUT", ...json({ ...current, maxFileUploadSize: 100 }) });
  const categoryId = await firstCategory(base, token);
  const created: number[] = [];
  try {
    const workerd = serverPid ? descendants(serverPid).filter((pid) => commOf(pid) === "workerd") : [];
    // Warm up with one whole 50 MB upload (the first large requests grow workerd's heaps once),
    // then measure a 50 MB and a 100 MB upload: if parts were buffered, memory would grow with
    // the file; streamed, it stays about the same whatever the size.
    await uploadFile(base, token, mp4(FILE_BYTES), "video/mp4", categoryId).then((r) => created.push(r.media.id));
    for (const bytes of [FILE_BYTES, 2 * FILE_BYTES]) {
      const file = mp4(bytes);
      const before = rss(workerd);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rss(workerd))), 20);
      let result;
      try {
        result = await uploadFile(base, token, file, "video/mp4", categoryId);
      } finally {
        clearInterval(sampler);
      }
      created.push(result.media.id);
      const size = bytes / MB;
      rows.push({
        what: `Upload ${size} MB (8 MiB parts, 3 in flight) through the Worker into R2`,
        value: `${(size / result.partsSeconds).toFixed(1)} MB/s (${result.partsSeconds.toFixed(2)} s; complete ${(result.completeSeconds * 1000).toFixed(0)} ms)`,
        budget: "reported",
        ok: null,
      });
      if (workerd.length) {
        const growth = peak - before;
        rows.push({
          what: `workerd RSS during the ${size} MB upload (${workerd.length} processes)`,
          value: `${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB peak (+${(growth / MB).toFixed(0)} MB)`,
          budget: `flat: growth < half the file (${size / 2} MB)`,
          ok: growth < bytes / 2,
        });
      } else {
        rows.push({ what: `workerd RSS during the ${size} MB upload`, value: "workerd process not found", budget: "flat", ok: null });
      }
    }

    // A real 3000×2000 JPEG: time from complete to thumbnails ready (queue batching included).
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 180, g: 90, b: 30 } } })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
    const image = await uploadFile(base, token, jpeg, "image/jpeg", categoryId);
    created.push(image.media.id);
    let status = image.media.thumbnailStatus;
    const deadline = image.completedAt + 60_000;
    while (status === "pending" && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await api<{ thumbnailStatus: string }>(base, token, `/api/media/${image.media.id}`))
        .thumbnailStatus;
    }
    const seconds = (performance.now() - image.completedAt) / 1000;
    rows.push({
      what: "Complete → thumbnails ready (3000×2000 JPEG, local queue)",
      value: status === "ready" ? `${seconds.toFixed(2)} s` : `${status} after ${seconds.toFixed(0)} s`,
      budget: "reported",
      ok: status === "ready" ? null : false,
    });
  } finally {
    for (const id of created) await api(base, token, `/api/media/${id}`, { method: "DELETE" }).catch(() => {});
    await api(base, token, "/api/settings", { method: "PUT", ...json(current) }).catch(() => {});
  }
  return rows;
}
