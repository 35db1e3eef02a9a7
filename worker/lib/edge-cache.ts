/**
 * The Workers Cache API in front of guest reads: public API GETs and the HTML of pages rendered
 * at the edge. A response is stored only when its own Cache-Control allows a shared cache
 * (`public` with s-maxage or max-age > 0, no `private`/`no-store`, no Set-Cookie), for exactly
 * that long. Requests carrying Authorization never read or write the cache, so a signed-in
 * writer always reads fresh data (an Authorization that is not `Bearer <token>` is refused with
 * 401 before anything else, worker/index.ts). Entries are keyed by what the read means, not how it
 * is spelt: an API read by its route and validated query (./read-key.ts), a page by its query
 * string in one spelling (worker/pages). A guest's own `Cache-Control: no-cache` is answered from the
 * cache like any other guest read: a visitor cannot turn readers' traffic into D1 reads at will.
 * See docs/decisions/0012-edge-cache-and-d1-sessions.md and
 * docs/decisions/0025-cache-generations-and-fresh-reads.md.
 */
import { requestFaults, type Fault } from "./faults";

/** Tells whether a response came from the cache ("HIT") or was stored just now ("MISS"). */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";

type WaitUntil = { waitUntil(promise: Promise<unknown>): void };
type FaultEnv = { SITE_URL?: unknown; FAULT_INJECTION?: unknown };

/** A GET (or HEAD) from someone who is not signed in. */
export function isGuestRead(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has("Authorization");
}

/** Seconds a shared cache may keep the response, or 0 when it must not store it. */
export function sharedTtl(response: Response): number {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return 0;
  const cacheControl = (response.headers.get("Cache-Control") ?? "").toLowerCase();
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return 0;
  const seconds = /\bs-maxage=(\d+)/.exec(cacheControl) ?? /\bmax-age=(\d+)/.exec(cacheControl);
  return seconds ? Number(seconds[1]) : 0;
}

function matchesEtag(request: Request, etag: string | null): boolean {
  const header = request.headers.get("If-None-Match");
  if (!etag || !header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

const unavailable = () => Promise.reject(new Error("The edge cache is unavailable (fault injection)."));
/** The cache when the `edge-cache-unavailable` fault is on: every call fails. */
const FAILING_CACHE = { match: unavailable, put: unavailable, delete: unavailable } as unknown as Cache;

function cacheFor(faults: ReadonlySet<Fault>): Cache | undefined {
  if (faults.has("edge-cache-unavailable")) return FAILING_CACHE;
  // (The SPA's typecheck reads this file through worker/app.ts with the DOM's CacheStorage, which has no `default`.)
  return typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default;
}

// ---------------------------------------------------------------------------------------------
// Generations
// ---------------------------------------------------------------------------------------------

/**
 * A content generation: every cached guest answer is stored under its URL plus the generation's
 * id, and a successful content write starts a new one (worker/middleware/content-write.ts), so
 * guests see a published change on their next read instead of after the TTL. The generation
 * carries the D1 bookmark of the write that started it: a guest miss reads data at least that
 * fresh (worker/db/session.ts), so no replica lagging behind the write can put older content
 * under the new generation.
 */
export type EdgeGeneration = { id: string; bookmark: string | null };

/**
 * The generation itself lives in the same cache (no D1 read on a hit), and each isolate keeps
 * what it read for a second (GENERATION_MEMO_MS). The Cache API is per data centre: elsewhere a
 * guest may see the old answer until its TTL ends.
 */
const GENERATION_KEY = "https://edge-cache.invalid/generation";

/**
 * How long an isolate keeps the generation it read: looking it up cost about a tenth of an API
 * read's CPU when done for every request. A write in this isolate replaces it at once; a write
 * elsewhere (another isolate of the same data centre) is seen here within this long.
 */
export const GENERATION_MEMO_MS = 1000;
/** The value itself, never a promise: a request may not wait on another request's I/O. */
let memo: { value: EdgeGeneration; until: number } | undefined;
/** Counts new generations, so that a lookup begun before one cannot put back the older value. */
let bumps = 0;

const newGeneration = (bookmark: string | null): EdgeGeneration => ({
  id: `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`,
  bookmark,
});

function parseGeneration(text: string): EdgeGeneration {
  try {
    const value = JSON.parse(text) as Partial<EdgeGeneration>;
    if (typeof value.id === "string") return { id: value.id, bookmark: typeof value.bookmark === "string" ? value.bookmark : null };
  } catch {
    // An entry written before generations carried a bookmark: its text is the id.
  }
  return { id: text, bookmark: null };
}

const storeGeneration = (cache: Cache, value: EdgeGeneration) =>
  cache.put(GENERATION_KEY, new Response(JSON.stringify(value), { headers: { "Cache-Control": "public, max-age=31536000" } }));

/** The current generation, or null when the cache cannot be read. */
async function currentGeneration(cache: Cache): Promise<EdgeGeneration | null> {
  if (memo && Date.now() < memo.until) return memo.value;
  const bumpsBefore = bumps;
  let value: EdgeGeneration;
  try {
    const stored = await cache.match(GENERATION_KEY);
    if (stored) value = parseGeneration(await stored.text());
    else {
      // None yet, or evicted: start one, so that entries stored under an earlier one are never
      // served again (they could be older than writes made since).
      value = newGeneration(null);
      await storeGeneration(cache, value);
    }
  } catch {
    return null;
  }
  if (bumps === bumpsBefore) memo = { value, until: Date.now() + GENERATION_MEMO_MS };
  return value;
}

/** Without a cache (outside workerd) every guest read is a miss under this one. */
const NO_CACHE: EdgeGeneration = { id: "none", bookmark: null };

/**
 * The generation each request reads under, looked up once per request (keyed by its execution
 * context): a page, the API answers inside it and the request's D1 session share one lookup.
 */
const requestGenerations = new WeakMap<object, Promise<EdgeGeneration | null>>();

/**
 * The generation a guest read is served under: null when the cache cannot be read (the read
 * then goes to D1's primary and nothing is stored).
 */
export function edgeGeneration(env: FaultEnv, request: Request, ctx: WaitUntil | undefined): Promise<EdgeGeneration | null> {
  const lookup = () => {
    const faults = requestFaults(env, request);
    const cache = cacheFor(faults);
    if (!cache) return Promise.resolve(NO_CACHE);
    return faults.has("edge-cache-unavailable") ? Promise.resolve(null) : currentGeneration(cache);
  };
  if (!ctx) return lookup();
  let generation = requestGenerations.get(ctx);
  if (!generation) {
    generation = lookup();
    requestGenerations.set(ctx, generation);
  }
  return generation;
}

/**
 * The least a guest read's D1 session must see: the bookmark of the write that started the
 * generation (undefined: any replica will do), or the primary when the generation is unknown.
 */
export const freshnessFloor = (generation: EdgeGeneration | null): string | undefined =>
  generation === null ? "first-primary" : (generation.bookmark ?? undefined);

/**
 * Starts a new content generation after a content write: earlier cached guest answers are no
 * longer used, and misses read data at least as new as `bookmark` (the writer's).
 */
export async function startEdgeGeneration(bookmark: string | null): Promise<void> {
  const cache = cacheFor(new Set());
  if (!cache) return;
  const value = newGeneration(bookmark);
  bumps++;
  memo = { value, until: Date.now() + GENERATION_MEMO_MS };
  await storeGeneration(cache, value).catch(() => undefined);
}

/** The generation stored in this data centre's cache now (null when none), for tests and tools. */
export async function storedEdgeGeneration(): Promise<EdgeGeneration | null> {
  const cache = cacheFor(new Set());
  const stored = cache ? await cache.match(GENERATION_KEY).catch(() => undefined) : undefined;
  return stored ? parseGeneration(await stored.text()) : null;
}

// ---------------------------------------------------------------------------------------------
// The cache
// ---------------------------------------------------------------------------------------------

/**
 * Answers a guest read from the cache under `key` (a URL), else produces it and stores it when
 * its Cache-Control allows. Other requests, and reads without a key (input the route refuses),
 * go straight to `produce`. A cached answer still honours If-None-Match (304). A cache that
 * cannot be read is a miss that stores nothing. `store: false` reads the cache but never writes it.
 */
export async function edgeCached(
  request: Request,
  key: string | null,
  ctx: WaitUntil | undefined,
  produce: () => Promise<Response>,
  { env, store = true }: { env: FaultEnv; store?: boolean },
): Promise<Response> {
  if (key === null || !isGuestRead(request)) return produce();
  const faults = requestFaults(env, request);
  const cache = cacheFor(faults);
  if (!cache) return produce();
  const generation = await edgeGeneration(env, request, ctx);
  if (!generation) return produce();
  const cacheKey = new Request(`${key}${key.includes("?") ? "&" : "?"}__generation=${encodeURIComponent(generation.id)}`, { method: "GET" });
  const hit = faults.has("edge-cache-miss") ? undefined : await cache.match(cacheKey).catch(() => undefined);
  if (hit) {
    const etag = hit.headers.get("ETag");
    if (matchesEtag(request, etag)) {
      void hit.body?.cancel();
      const headers = new Headers({ [EDGE_CACHE_HEADER]: "HIT" });
      for (const name of ["ETag", "Cache-Control", "Vary"]) if (hit.headers.has(name)) headers.set(name, hit.headers.get(name)!);
      return new Response(null, { status: 304, headers });
    }
    const answer = new Response(request.method === "HEAD" ? null : hit.body, hit);
    answer.headers.set(EDGE_CACHE_HEADER, "HIT");
    return answer;
  }
  const response = await produce();
  if (!store || request.method !== "GET" || sharedTtl(response) <= 0) return response;
  const answer = new Response(response.body, response);
  answer.headers.set(EDGE_CACHE_HEADER, "MISS");
  const stored = cache.put(cacheKey, answer.clone()).catch(() => undefined);
  if (ctx) ctx.waitUntil(stored);
  else await stored;
  return answer;
}
