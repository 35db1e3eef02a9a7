/**
 * A page's first-view data: the API reads its route's loader makes (the keys of `firstView` in
 * the page module), answered by the Worker's own API as for a guest's browser, in one D1 round trip.
 */
import type { Context } from "hono";
import type { ApiRead } from "@shared/app-server";
import { api as apiApp } from "../app";
import { readBatch, type ReadBatch } from "../db/read-batch";
import type { AppEnv } from "../env";
import { edgeCached, sharedTtl } from "../lib/edge-cache";
import { forwardFaults } from "../lib/faults";
import { apiReadKey } from "../lib/read-key";
import { markPageRead } from "../middleware/read-etag";

type Ctx = Context<AppEnv>;

/**
 * An answer of the API to a guest GET: `json` as sent (written into the HTML as it is); `ttl`:
 * seconds a shared cache may keep it.
 */
export type ApiAnswer = { key: string; status: number; json: string; ttl: number };

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
    // An error envelope is kept: the loader renders a missing record's "Not Found" view, or the server's reason, from it.
    if ((res.headers.get("Content-Type") ?? "").includes("application/json")) {
      return { key, status: res.status, json: await res.text(), ttl: 0 };
    }
    void res.body?.cancel();
    return { key, status: res.status, json: "null", ttl: 0 };
  }
  return { key, status: 200, json: await res.text(), ttl: sharedTtl(res) };
}

/**
 * How a page's loader reads the API on the Worker (the router context's `ApiRead`): each GET is
 * answered by the Worker's own API as a guest, the reads of one page sharing one D1 round trip
 * (worker/db/read-batch.ts). Every answer is kept in `answers` (its JSON as sent and how long a
 * shared cache may keep it), for the HTML and its cache lifetime.
 */
export function guestReads(c: Ctx): { read: NonNullable<ApiRead>; answers: ApiAnswer[] } {
  const reads = readBatch(c.env);
  const answers: ApiAnswer[] = [];
  return {
    answers,
    read: {
      fetch: (key) =>
        reads.read(async () => {
          const answer = await guestApi(c, key, reads);
          answers.push(answer);
          return new Response(answer.json, { status: answer.status, headers: { "Content-Type": "application/json" } });
        }),
    },
  };
}
