/**
 * A page's first-view data: the API reads its module names (`firstView` in the page module),
 * answered by the Worker's own API as for a guest's browser, in one D1 round trip.
 */
import type { Context } from "hono";
import { api as apiApp } from "../app";
import { readBatch, type ReadBatch } from "../db/read-batch";
import type { AppEnv } from "../env";
import { edgeCached, sharedTtl } from "../lib/edge-cache";
import { forwardFaults } from "../lib/faults";
import { apiReadKey } from "../lib/read-key";
import { markPageRead } from "../middleware/read-etag";

type Ctx = Context<AppEnv>;

/**
 * An answer of the API to a guest GET: `body` parsed, `json` as sent (written into the HTML as it
 * is); `ttl`: seconds a shared cache may keep it.
 */
export type ApiAnswer = { key: string; status: number; body: unknown; json: string; ttl: number };

export function executionCtx(c: Ctx): Ctx["executionCtx"] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/**
 * A GET through the Worker's own API as a guest (no Authorization, no cookies): the same
 * handlers, validation and response shapes a browser would get for `key`.
 */
async function guestApi(c: Ctx, key: string, reads: ReadBatch): Promise<ApiAnswer> {
  const url = new URL(key, c.req.url).href;
  const headers = new Headers({ Accept: "application/json" });
  // A test's fault switches (a forced cache miss...) hold for the page's reads too.
  forwardFaults(c.req.raw, headers);
  const request = markPageRead(new Request(url, { headers }));
  const ctx = executionCtx(c);
  // Read from the edge cache entry a browser's GET of this URL uses, but not written there: the
  // page's own HTML is what gets stored, and a cache write per read made every page miss cost
  // about a third more CPU (docs/scaling.md).
  const res = await edgeCached(request, apiReadKey(request), ctx, async () => apiApp.fetch(request, reads.env, ctx), { env: c.env, store: false });
  if (res.status !== 200) {
    // A 404's error envelope is kept: the page renders its "Not Found" view from it.
    if (res.status === 404 && (res.headers.get("Content-Type") ?? "").includes("application/json")) {
      const json = await res.text();
      return { key, status: 404, body: JSON.parse(json) as unknown, json, ttl: 0 };
    }
    void res.body?.cancel();
    return { key, status: res.status, body: null, json: "null", ttl: 0 };
  }
  const json = await res.text();
  return { key, status: 200, body: JSON.parse(json) as unknown, json, ttl: sharedTtl(res) };
}

export type FirstViewData = {
  /** The 200 answers. */
  answers: ApiAnswer[];
  /** The 404 answers (an item that does not exist). */
  missing: ApiAnswer[];
};

/**
 * Reads `keys` as a guest, sharing one D1 round trip (worker/db/read-batch.ts). A read that
 * failed on our side (the database down) is no missing item: it throws, and the caller serves
 * the plain shell, whose app shows its own error state. Other refusals (a 400) are left out: the
 * page renders its loading state and the browser asks itself.
 */
export async function readFirstView(c: Ctx, keys: readonly string[]): Promise<FirstViewData> {
  if (keys.length === 0) return { answers: [], missing: [] };
  const reads = readBatch(c.env);
  const all = await Promise.all(keys.map((key) => reads.read(() => guestApi(c, key, reads))));
  const failed = all.find((answer) => answer.status >= 500);
  if (failed) throw new Error(`page data ${failed.key} answered ${failed.status}`);
  return { answers: all.filter((a) => a.status === 200), missing: all.filter((a) => a.status === 404) };
}
