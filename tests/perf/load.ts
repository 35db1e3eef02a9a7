/**
 * The sustained mixed load of `npm run bench` (called from tests/perf/run.ts against the built,
 * seeded server). For LOAD_SECONDS (default 60) a pool of guest readers requests every public
 * page type (the Worker's painted HTML) and every public API read, half of them with the test-only
 * `X-Fault-Injection: edge-cache-miss` (so D1 answers, not only the edge cache), while one moderator writes:
 * news drafts created and then edited. Reported: throughput, p50/p99 latency, errors (any answer
 * other than 2xx, or a failed connection) and lost writes (an acknowledged write whose value a
 * read-back after the run does not find).
 */

type Row = { what: string; value: string; budget: string; ok: boolean | null };

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const READERS = Number(process.env.LOAD_READERS ?? 8);
const MODERATOR = { email: "moderator@example.com", password: "DemoPass!2025" };

type Paged = { items: { id: number; slug?: string }[] };

async function json<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every public page type and API read, with ids from the seeded content. */
async function readPaths(base: string): Promise<string[]> {
  const first = async (path: string) => (await json<Paged>(base, path)).items[0]!;
  const [news, faction, unit, hero, spell, guide, media] = await Promise.all([
    first("/api/news?pageSize=1"),
    first("/api/faction"),
    first("/api/unit?pageSize=1"),
    first("/api/hero?pageSize=1"),
    first("/api/spell?pageSize=1"),
    first("/api/gameinfo?pageSize=1"),
    first("/api/media?pageSize=1"),
  ]);
  return [
    // Pages (HTML painted by the Worker).
    "/",
    "/news",
    `/news/${news.id}`,
    "/factions",
    `/factions/${faction.id}`,
    `/units/${unit.id}`,
    `/heroes/${hero.id}`,
    "/spells",
    `/spells/${spell.id}`,
    `/game-info/${guide.slug}`,
    "/screenshots",
    "/game-info",
    "/search?q=dragon",
    // API reads.
    "/api/news",
    "/api/news/filters",
    `/api/news/${news.id}`,
    "/api/faction",
    `/api/faction/${faction.id}`,
    `/api/faction/${faction.id}/units`,
    "/api/unit",
    `/api/unit/${unit.id}`,
    "/api/hero",
    `/api/hero/${hero.id}`,
    "/api/spell",
    `/api/spell/${spell.id}`,
    "/api/gameinfo",
    `/api/gameinfo/slug/${guide.slug}`,
    "/api/media",
    `/api/media/${media.id}`,
    "/api/media/categories",
    "/api/search?q=dragon",
    "/api/settings/public",
  ];
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One request of a mixed run: its method and path, when it ended (ms since the run began), its latency, and whether it failed. */
export type Sample = { path: string; at: number; ms: number; failed: boolean };

export type MixedLoadResult = {
  samples: Sample[];
  errors: string[];
  writes: number;
  acknowledged: number;
  lost: number;
  elapsedSeconds: number;
  paths: string[];
};

/**
 * The mixed load itself: `readers` guests cycle through every public page and API read (every
 * other request with the edge cache missed on purpose) while one moderator creates and edits news
 * drafts, for `seconds`. Every acknowledged write is read back at the end.
 */
export async function mixedLoad(base: string, seconds: number, readers: number): Promise<MixedLoadResult> {
  const paths = await readPaths(base);
  const { token } = await json<{ token: string }>(base, "/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(MODERATOR),
  });
  const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };

  const samples: Sample[] = [];
  const errors: string[] = [];
  /** Acknowledged writes: the article id and the title the last acknowledged write gave it. */
  const acknowledged = new Map<number, string>();
  let writes = 0;
  const began = performance.now();
  const until = Date.now() + seconds * 1000;

  const timed = async (path: string, init?: RequestInit): Promise<Response | null> => {
    const started = performance.now();
    try {
      const res = await fetch(`${base}${path}`, init);
      if (!res.ok) errors.push(`${init?.method ?? "GET"} ${path}: ${res.status}`);
      samples.push({ path: `${init?.method ?? "GET"} ${path.replace(/\/\d+/g, "/{id}")}`, at: performance.now() - began, ms: performance.now() - started, failed: !res.ok });
      return res;
    } catch (err) {
      errors.push(`${init?.method ?? "GET"} ${path}: ${String(err)}`);
      samples.push({ path: `${init?.method ?? "GET"} ${path.replace(/\/\d+/g, "/{id}")}`, at: performance.now() - began, ms: performance.now() - started, failed: true });
      return null;
    }
  };

  const reader = async (n: number) => {
    for (let i = n; Date.now() < until; i++) {
      const path = paths[i % paths.length]!;
      const res = await timed(path, { headers: i % 2 ? { "X-Fault-Injection": "edge-cache-miss" } : {} });
      await res?.arrayBuffer();
    }
  };

  // A few writes: a draft created, then edited with the version it read (stale-version checked).
  const writer = async () => {
    for (let n = 1; Date.now() < until; n++) {
      const title = `Load run draft ${Date.now().toString(36)}-${n}`;
      const created = await timed("/api/news", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ title, summary: "Written under load.", content: "Body.", author: "Load", isPublished: false }),
      });
      writes++;
      if (created?.status !== 201) continue;
      const article = (await created.json()) as { id: number; updatedAt: string };
      acknowledged.set(article.id, title);
      const edited = `${title} (edited)`;
      const updated = await timed(`/api/news/${article.id}`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ title: edited, summary: "Edited under load.", content: "Body.", author: "Load", isPublished: false, updatedAt: article.updatedAt }),
      });
      writes++;
      await updated?.arrayBuffer();
      if (updated?.status === 200) acknowledged.set(article.id, edited);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  await Promise.all([writer(), ...Array.from({ length: readers }, (_, i) => reader(i * 7))]);
  const elapsedSeconds = (performance.now() - began) / 1000;

  // Every acknowledged write is read back (as the moderator: drafts are hidden from guests).
  let lost = 0;
  for (const [id, title] of acknowledged) {
    const res = await fetch(`${base}/api/news/${id}`, { headers: auth });
    const stored = res.ok ? ((await res.json()) as { title: string }).title : null;
    if (stored !== title) lost++;
  }
  return { samples, errors, writes, acknowledged: acknowledged.size, lost, elapsedSeconds, paths };
}

export async function loadRows(base: string, rows: Row[]): Promise<void> {
  const run = await mixedLoad(base, SECONDS, READERS);
  const sorted = run.samples.map((s) => s.ms).sort((a, b) => a - b);
  const total = run.samples.length;
  rows.push({ what: `Load: ${SECONDS} s mixed (${READERS} readers over ${run.paths.length} public pages/APIs + 1 moderator writing)`, value: `${total} requests, ${(total / run.elapsedSeconds).toFixed(0)} req/s`, budget: "report", ok: null });
  rows.push({ what: "Load: latency p50 / p99", value: `${percentile(sorted, 50).toFixed(1)} ms / ${percentile(sorted, 99).toFixed(1)} ms`, budget: "report", ok: null });
  rows.push({ what: "Load: errors (non-2xx or failed)", value: String(run.errors.length), budget: "0", ok: run.errors.length === 0 });
  rows.push({ what: "Load: writes acknowledged / lost", value: `${run.writes} sent, ${run.acknowledged} articles acknowledged / ${run.lost} lost`, budget: "0 lost", ok: run.lost === 0 });
  if (run.errors.length) console.warn(`  load errors (first 10):\n    ${run.errors.slice(0, 10).join("\n    ")}`);
}
