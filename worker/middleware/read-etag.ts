import { createMiddleware } from "hono/factory";
import { etag } from "hono/etag";
import type { AppEnv } from "../env";

/**
 * Requests the Worker makes to its own API for a page's first data (worker/pages): nobody
 * revalidates their answers, so no ETag is computed for them. Only the Worker can add to this set
 * (it holds the Request objects themselves), so no client can switch ETags off.
 */
const pageReads = new WeakSet<Request>();

/** Marks a request as the Worker's own read for a page. */
export function markPageRead(request: Request): Request {
  pageReads.add(request);
  return request;
}

/**
 * Hono's etag() for public reads (a hash of the body; If-None-Match answered with 304), skipped
 * for the Worker's own page reads: hashing an answer costs a copy of its body and a digest, about
 * a twentieth of a page's CPU on a cache miss (measured on /screenshots).
 */
export function readEtag() {
  const tagged = etag();
  return createMiddleware<AppEnv>((c, next) => (pageReads.has(c.req.raw) ? next() : tagged(c, next)));
}
