/**
 * D1 read replication through the Sessions API. Every request runs on one D1 session, opened
 * with the least it must see:
 *  - a write (any method but GET, HEAD, OPTIONS) starts at the primary ("first-primary"), whatever
 *    bookmark the client sends: its session and role check, and the reads its rules depend on, see
 *    every revocation and every earlier write;
 *  - a signed-in read starts anywhere, and once the auth middleware has verified its token
 *    (`honourClientBookmark`) it is raised to the client's bookmark (X-D1-Bookmark, sent back by
 *    the SPA), so its author reads their own writes; a bookmark only ever makes a read fresher,
 *    and it is never what authorises a write. A guest's bookmark is ignored: it could send every
 *    read to the primary (`first-primary`) at will (ADR 0047);
 *  - a guest read takes the floor of the edge cache's generation (the bookmark of the last content
 *    write in this data centre, worker/lib/edge-cache.ts): its answer may be stored for everyone,
 *    so it is never older than that write; without a floor any replica will do.
 * A read that fails on a replica the way D1 fails when unreachable is sent again to the primary,
 * and the rest of the request stays there. The session's latest bookmark goes back in the
 * response's X-D1-Bookmark header. See docs/decisions/0025-cache-generations-and-fresh-reads.md.
 */
import { BOOKMARK_HEADER } from "@shared/d1-bookmark";
import type { Database } from "./client";
import { openDatabase } from "./client";
import { isDatabaseUnavailable, unavailableDatabase, unavailableSession } from "./unavailable";

export { BOOKMARK_HEADER };

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const PRIMARY = "first-primary";
const ANY_REPLICA = "first-unconstrained";

/** Bookmarks are opaque tokens; anything implausible is ignored rather than sent to D1. */
const plausibleBookmark = (value: string | null) => (value && /^[\w.:+/=-]{1,256}$/.test(value) ? value : null);

export type RequestSession = {
  /** The request's environment with DB replaced by the session (reads and writes go through it). */
  env: Env;
  /** The latest bookmark of the session (null before its first query). */
  bookmark(): string | null;
};

/** Session handles → the D1 binding they run on. */
const bindings = new WeakMap<object, object>();
/** Session handles → their latest bookmark. */
const bookmarks = new WeakMap<object, () => string | null>();
/** Session handles → raising their session to a bookmark. */
const raisers = new WeakMap<object, (bookmark: string) => void>();

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

/** The latest bookmark of the request's session behind `handle` (`env.DB`), or null. */
export function sessionBookmark(handle: object): string | null {
  return bookmarks.get(handle)?.() ?? null;
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

/**
 * The constraint a request's session starts from: the primary for a write, else the edge cache's
 * freshness floor for a guest read (`guestFloor`, worker/lib/edge-cache.ts `freshnessFloor`),
 * else any replica. The client's bookmark is not read here: nothing is verified yet.
 */
export function sessionConstraint(request: Request, guestFloor?: string): string {
  if (!READ_METHODS.has(request.method)) return PRIMARY;
  if (request.headers.has("Authorization")) return ANY_REPLICA;
  return guestFloor ?? ANY_REPLICA;
}

/**
 * Raises the request's session behind `handle` (`c.env.DB`) to the client's bookmark (the
 * X-D1-Bookmark header's value): the auth middleware calls it once the request's access token has
 * verified, before the session check reads D1, so a member's read right after their own write
 * (or sign-in) sees it. A write's session is on the primary already; an implausible bookmark is
 * ignored. Nothing else calls it: a guest's bookmark never reaches D1.
 */
export function honourClientBookmark(handle: object, header: string | null | undefined): void {
  const bookmark = plausibleBookmark(header ?? null);
  if (bookmark) raisers.get(handle)?.(bookmark);
}

/** The D1 binding with every session that may read a replica failing (the `d1-replica-unavailable` fault). */
function replicasUnavailable(db: D1Database): D1Database {
  return {
    prepare: (query: string) => db.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => db.batch<T>(statements),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => (constraint === PRIMARY ? db.withSession(PRIMARY) : unavailableSession()),
  } as D1Database;
}

type Session = Pick<D1DatabaseSession, "prepare" | "batch" | "getBookmark">;

/**
 * Statements of a session that may read a replica: each runs on the session in use when it is
 * executed, and one that fails because the replica is unreachable runs again on the primary
 * (plain statements otherwise: the primary has nowhere else to go).
 */
class Reads {
  private session: Session;
  private onPrimary: boolean;

  constructor(
    private readonly db: D1Database,
    constraint: string,
  ) {
    [this.session, this.onPrimary] = this.open(constraint);
  }

  private open(constraint: string): [Session, boolean] {
    try {
      return [this.db.withSession(constraint), constraint === PRIMARY];
    } catch {
      // A bookmark D1 does not accept: the primary is at least as fresh as any bookmark.
      return [this.db.withSession(PRIMARY), true];
    }
  }

  bookmark = () => this.session.getBookmark();

  /**
   * Makes the rest of the request at least as fresh as `bookmark`, never less fresh than it was:
   * bookmarks sort oldest to newest, so a session already past it is kept.
   */
  raise = (bookmark: string) => {
    if (this.onPrimary || bookmark === ANY_REPLICA) return;
    const current = this.session.getBookmark();
    if (bookmark !== PRIMARY && current !== null && current >= bookmark) return;
    [this.session, this.onPrimary] = this.open(bookmark);
  };

  private toPrimary(err: unknown): boolean {
    if (this.onPrimary || !isDatabaseUnavailable(err)) return false;
    this.session = this.db.withSession(PRIMARY);
    this.onPrimary = true;
    return true;
  }

  /** Runs `work` on the current session; once more on the primary if a replica was unreachable. */
  async run<T>(work: (session: Session) => Promise<T>): Promise<T> {
    try {
      return await work(this.session);
    } catch (err) {
      if (!this.toPrimary(err)) throw err;
      return work(this.session);
    }
  }

  prepare = (query: string): D1PreparedStatement => (this.onPrimary ? this.session.prepare(query) : replicaStatement(this, query, []));

  batch = <T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> =>
    this.run((session) => session.batch<T>(statements.map((s) => (s instanceof ReplicaStatement ? s.on(session) : s))));
}

/** A statement kept as text and values until it runs, so it can run on whichever session is in use. */
class ReplicaStatement {
  constructor(
    private readonly reads: Reads,
    private readonly query: string,
    private readonly values: unknown[],
  ) {}

  on(session: Session): D1PreparedStatement {
    const statement = session.prepare(this.query);
    return this.values.length ? statement.bind(...this.values) : statement;
  }

  bind(...values: unknown[]) {
    return replicaStatement(this.reads, this.query, values);
  }
  first(column?: string) {
    return this.reads.run((s) => (column === undefined ? this.on(s).first() : this.on(s).first(column)));
  }
  all() {
    return this.reads.run((s) => this.on(s).all());
  }
  run() {
    return this.reads.run((s) => this.on(s).run());
  }
  raw(options?: { columnNames?: boolean }) {
    return this.reads.run((s) => this.on(s).raw(options as { columnNames: true }));
  }
}

const replicaStatement = (reads: Reads, query: string, values: unknown[]) =>
  new ReplicaStatement(reads, query, values) as unknown as D1PreparedStatement;

const NO_FAULTS: ReadonlySet<string> = new Set();

/**
 * Opens the request's D1 session; route code keeps using `c.env.DB` / `c.get("db")` as before.
 * `guestFloor`: see `sessionConstraint`. `faults`: the request's test faults (worker/lib/faults.ts);
 * this reads D1's, `d1-unavailable` and `d1-replica-unavailable`.
 */
export function openRequestSession(env: Env, request: Request, guestFloor?: string, faults: ReadonlySet<string> = NO_FAULTS): RequestSession {
  if (faults.has("d1-unavailable")) {
    return { env: { ...plainEnv(env), DB: unavailableDatabase() }, bookmark: () => null };
  }
  const db = faults.has("d1-replica-unavailable") ? replicasUnavailable(env.DB) : env.DB;
  const reads = new Reads(db, sessionConstraint(request, guestFloor));
  // Statements and batches run on the session; the rest (exec, dump) is the binding's own.
  const sessionDb: D1Database = {
    prepare: reads.prepare,
    batch: reads.batch,
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  } as D1Database;
  bindings.set(sessionDb, env.DB);
  bookmarks.set(sessionDb, reads.bookmark);
  raisers.set(sessionDb, reads.raise);
  return { env: { ...plainEnv(env), DB: sessionDb }, bookmark: reads.bookmark };
}

/**
 * A database handle whose every statement reads the primary (a session started "first-primary"
 * on the binding behind `db`): for checks that must see every revocation and unpublish at once
 * (the session and role check of a write, the private-file check). `bookmark` is its latest one.
 */
export function primaryDatabase(db: D1Database): { db: Database; bookmark(): string | null } {
  const session = db.withSession(PRIMARY);
  const handle = {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  } as D1Database;
  bindings.set(handle, bindingOf(db));
  return { db: openDatabase(handle), bookmark: () => session.getBookmark() };
}
