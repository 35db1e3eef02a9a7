/**
 * One structured JSON log line per request (docs/observability.md, ADR 0030): request id, method,
 * route pattern, status, duration, D1 round trips, rows read and written (worker/db/usage.ts),
 * edge cache HIT/MISS and the signed-in member's id. Never an e-mail address, a token, a
 * password, a query string or a signed URL: the line is built from these fields only, never from
 * the request's headers or body. Errors answered with a 5xx carry their stack.
 */
import { isD1Metered, type RequestUsage } from "../db/usage";

/** The edge cache's verdict on a response (worker/lib/edge-cache.ts), if it went through it. */
const CACHE_HEADER = "X-Edge-Cache";

/** Writes the request's line; answers the response with a Server-Timing of its D1 cost. */
export function finishRequest(usage: RequestUsage, request: Request, response: Response): Response {
  const durationMs = Date.now() - usage.started;
  const status = response.status;
  const line = {
    level: usage.error || status >= 500 ? "error" : "info",
    msg: "request",
    requestId: usage.id,
    method: request.method,
    route: usage.route,
    // The path without its query string: queries can carry tokens and signatures.
    path: new URL(request.url).pathname,
    status,
    durationMs,
    d1: { trips: usage.trips, rowsRead: usage.rowsRead, rowsWritten: usage.rowsWritten, metered: isD1Metered() },
    cache: response.headers.get(CACHE_HEADER),
    userId: usage.userId,
    ...(usage.error ? { error: usage.error.message, stack: usage.error.stack } : {}),
  };
  (line.level === "error" ? console.error : console.log)(JSON.stringify(line));
  const timing = `d1;desc="trips=${usage.trips} rows_read=${usage.rowsRead} rows_written=${usage.rowsWritten}", total;dur=${durationMs}`;
  try {
    response.headers.append("Server-Timing", timing);
    return response;
  } catch {
    // Immutable headers (a response straight from the cache or a fetch): copy once.
    const copy = new Response(response.body, response);
    copy.headers.append("Server-Timing", timing);
    return copy;
  }
}
