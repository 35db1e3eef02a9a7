/**
 * D1 read replication through the Sessions API. Every request runs on one D1 session:
 *  - a request that brings a bookmark (header X-D1-Bookmark, sent back by the SPA) reads data at
 *    least as new as that bookmark, so a signed-in writer reads their own writes;
 *  - a read without one may be answered by the nearest replica ("first-unconstrained");
 *  - a write without one starts at the primary ("first-primary").
 * The session's latest bookmark goes back in the response's X-D1-Bookmark header.
 */
import { BOOKMARK_HEADER } from "@shared/d1-bookmark";
import { faultInjectionEnabled } from "../lib/config-guards";
import { unavailableDatabase } from "./unavailable";

export { BOOKMARK_HEADER };

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Bookmarks are opaque tokens; anything implausible is ignored rather than sent to D1. */
const plausibleBookmark = (value: string | null) => (value && /^[\w.:+/=-]{1,256}$/.test(value) ? value : null);

export type RequestSession = {
  /** The request's environment with DB replaced by the session (reads and writes go through it). */
  env: Env;
  /** The latest bookmark of the session (null before its first query). */
  bookmark(): string | null;
};

/** Opens the request's D1 session; route code keeps using `c.env.DB` / `c.get("db")` as before. */
/** Session handles → the D1 binding they run on. */
const bindings = new WeakMap<object, object>();

/**
 * The D1 binding behind a database handle (the handle itself when it is not a session). Caches
 * keyed per database (such as the settings cache) key on this, not on the per-request session.
 */
export function bindingOf(handle: object): object {
  return bindings.get(handle) ?? handle;
}

/** Records that `handle` runs on `binding` (a handle made over another one, see ./read-batch.ts). */
export function registerHandle(handle: object, binding: object): void {
  bindings.set(handle, binding);
}

/**
 * A plain copy of the runtime's `env`, made once per isolate: spreading the runtime's own object
 * reads every binding (about 50 µs for our 25), a plain copy spreads in under a microsecond. The
 * bindings are the isolate's, the same for every request.
 */
const plainEnvs = new WeakMap<Env, Env>();
function plainEnv(env: Env): Env {
  let plain = plainEnvs.get(env);
  if (!plain) plainEnvs.set(env, (plain = { ...env }));
  return plain;
}

/** The test-only header that makes the request's database unavailable (see worker/db/unavailable.ts). */
export const FAULT_HEADER = "X-Fault-Injection";

export function openRequestSession(env: Env, request: Request): RequestSession {
  if (request.headers.get(FAULT_HEADER) === "d1-unavailable" && faultInjectionEnabled(env)) {
    return { env: { ...plainEnv(env), DB: unavailableDatabase() }, bookmark: () => null };
  }
  const db = env.DB;
  const bookmark = plausibleBookmark(request.headers.get(BOOKMARK_HEADER));
  let session: D1DatabaseSession;
  try {
    session = db.withSession(bookmark ?? (READ_METHODS.has(request.method) ? "first-unconstrained" : "first-primary"));
  } catch {
    // A bookmark D1 does not accept: start afresh rather than fail the request.
    session = db.withSession(READ_METHODS.has(request.method) ? "first-unconstrained" : "first-primary");
  }
  // Statements and batches run on the session; the rest (exec, dump) is the binding's own.
  const sessionDb: D1Database = {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  } as D1Database;
  bindings.set(sessionDb, db);
  return { env: { ...plainEnv(env), DB: sessionDb }, bookmark: () => session.getBookmark() };
}
