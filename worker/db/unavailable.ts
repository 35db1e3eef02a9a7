/**
 * A database that is down: what D1 answers during an outage, and how we recognise it.
 *
 * `isDatabaseUnavailable(err)` tells a D1 outage (network loss, an overloaded or restarting
 * database) from an error in our own query: the first is a 503 the client may retry, the second a
 * bug (500). Drizzle wraps D1's error in its own (`cause`), so the whole chain is read.
 *
 * `unavailableDatabase()` is the test-only stand-in used when fault injection is on (local
 * configurations only: worker/lib/config-guards.ts) and a request asks for it: a binding whose
 * every statement fails the way D1 fails when it cannot be reached, so the rest of the stack
 * (drizzle, routes, error handler, pages, the SPA) runs exactly as in a real outage.
 */

/** D1's messages for a database it cannot reach or serve right now (transient, retryable). */
const UNAVAILABLE = [
  /network connection lost/i,
  /cannot resolve D1 DB due to transient issue/i,
  /D1 DB is overloaded/i,
  /storage operation exceeded timeout/i,
  /internal error while starting up D1 DB storage/i,
  /D1 DB reset because its code was updated/i,
  /D1 is unavailable/i,
];

/** True when the error (or an error it wraps) says D1 is unavailable rather than the query wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : typeof e === "string" ? e : "";
    if (UNAVAILABLE.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

const outage = () => new Error("D1_ERROR: Network connection lost.");

const failingStatement: D1PreparedStatement = {
  bind: () => failingStatement,
  first: () => Promise.reject(outage()),
  all: () => Promise.reject(outage()),
  run: () => Promise.reject(outage()),
  raw: () => Promise.reject(outage()),
} as unknown as D1PreparedStatement;

/** A D1 session that cannot reach its database: every statement and batch rejects as D1 does. */
export function unavailableSession(): D1DatabaseSession {
  return {
    prepare: () => failingStatement,
    batch: () => Promise.reject(outage()),
    getBookmark: () => null,
  } as unknown as D1DatabaseSession;
}

/** A D1 binding that is down: every statement and batch rejects as D1 does when unreachable. */
export function unavailableDatabase(): D1Database {
  return {
    prepare: () => failingStatement,
    batch: () => Promise.reject(outage()),
    exec: () => Promise.reject(outage()),
    dump: () => Promise.reject(outage()),
    withSession: () => unavailableSession(),
  } as unknown as D1Database;
}
