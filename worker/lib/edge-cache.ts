/**
 * The Workers Cache API in front of guest reads: public API GETs and the HTML of pages rendered
 * at the edge. A response is stored only when its own Cache-Control allows a shared cache
 * (`public` with s-maxage or max-age > 0, no `private`/`no-store`, no Set-Cookie), for exactly
 * that long. Requests carrying Authorization never read or write the cache, so a signed-in
 * writer always reads fresh data (see docs/decisions/0012-edge-cache-and-d1-sessions.md).
 */

/** Tells whether a response came from the cache ("HIT") or was stored just now ("MISS"). */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";

type WaitUntil = { waitUntil(promise: Promise<unknown>): void };

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

/** A request that asks for a fresh answer (`Cache-Control: no-cache`): skip the lookup, refresh the entry. */
export function wantsFresh(request: Request): boolean {
  return /\bno-cache\b/i.test(request.headers.get("Cache-Control") ?? "") || request.headers.get("Pragma") === "no-cache";
}

function defaultCache(): Cache | undefined {
  return typeof caches === "undefined" ? undefined : caches.default;
}

/**
 * Content generation: every cached guest answer is stored under its URL plus the generation, and
 * every successful API write starts a new one, so guests see a published change on their next
 * read instead of after the TTL. The generation itself lives in the same cache (no D1 read on a
 * hit), and each isolate keeps what it read for a second (GENERATION_MEMO_MS). The Cache API is
 * per data centre: elsewhere a guest may see the old answer until its TTL ends
 * (docs/decisions/0012-edge-cache-and-d1-sessions.md).
 */
const GENERATION_KEY = "https://edge-cache.invalid/generation";

/**
 * How long an isolate keeps the generation it read: looking it up cost about a tenth of an API
 * read's CPU when done for every request. A write in this isolate replaces it at once; a write
 * elsewhere (another isolate of the same data centre) is seen here within this long.
 */
export const GENERATION_MEMO_MS = 1000;
/** The value itself, never a promise: a request may not wait on another request's I/O. */
let memo: { value: string; until: number } | undefined;
/** Counts bumps, so that a lookup begun before a bump cannot put back the older value. */
let bumps = 0;

async function currentGeneration(cache: Cache): Promise<string> {
  if (memo && Date.now() < memo.until) return memo.value;
  const bumpsBefore = bumps;
  const stored = await cache.match(GENERATION_KEY).catch(() => undefined);
  const value = stored ? await stored.text() : "0";
  if (bumps === bumpsBefore) memo = { value, until: Date.now() + GENERATION_MEMO_MS };
  return value;
}

/**
 * The generation each request reads under, looked up once per request (keyed by its execution
 * context): a page and the API answers inside it share one lookup and one generation.
 */
const requestGenerations = new WeakMap<object, Promise<string>>();

function requestGeneration(cache: Cache, ctx: WaitUntil | undefined): Promise<string> {
  if (!ctx) return currentGeneration(cache);
  let generation = requestGenerations.get(ctx);
  if (!generation) {
    generation = currentGeneration(cache);
    requestGenerations.set(ctx, generation);
  }
  return generation;
}

/** Starts a new content generation (after a write): earlier cached guest answers are no longer used. */
export async function bumpEdgeGeneration(): Promise<void> {
  const cache = defaultCache();
  if (!cache) return;
  const value = `${Date.now()}-${crypto.randomUUID().slice(0, 8)}`;
  bumps++;
  memo = { value, until: Date.now() + GENERATION_MEMO_MS };
  await cache.put(GENERATION_KEY, new Response(value, { headers: { "Cache-Control": "public, max-age=31536000" } })).catch(() => undefined);
}

/**
 * Whether a request changes published content, so that its success starts a new generation:
 * any API write except account traffic (sign-in, refresh, profile) and view counting, which
 * guests send all the time and which change nothing a cached answer shows, and uploads (their
 * parts come by the hundred, and a completed upload is an unapproved item guests never see).
 */
export function changesContent(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const { pathname } = new URL(request.url);
  return !pathname.startsWith("/api/auth/") && !pathname.endsWith("/view") && !pathname.startsWith("/api/uploads");
}

/**
 * Answers a guest read from the cache under `key` (a URL), else produces it and stores it when
 * its Cache-Control allows. Other requests go straight to `produce`. A cached answer still
 * honours If-None-Match (304); a request with `Cache-Control: no-cache` gets (and stores) a
 * fresh answer, as HTTP says. `store: false` reads the cache but never writes it.
 */
export async function edgeCached(
  request: Request,
  key: string,
  ctx: WaitUntil | undefined,
  produce: () => Promise<Response>,
  { store = true }: { store?: boolean } = {},
): Promise<Response> {
  const cache = isGuestRead(request) ? defaultCache() : undefined;
  if (!cache) return produce();
  const generation = await requestGeneration(cache, ctx);
  const cacheKey = new Request(`${key}${key.includes("?") ? "&" : "?"}__generation=${encodeURIComponent(generation)}`, { method: "GET" });
  const hit = wantsFresh(request) ? undefined : await cache.match(cacheKey).catch(() => undefined);
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
