/**
 * What a request costs in D1, for its log line (worker/lib/request-log.ts, ADR 0030): round trips,
 * and rows read and written as D1's own result meta (`rows_read`, `rows_written`) reports them.
 * The public statement methods `first()` and `raw()` (which drizzle uses for most selects) drop
 * that meta, so the counter wraps the D1 session's internal send (`_sendOrThrow`, `_queryOrThrow`
 * of workerd's D1 client) once per isolate and adds each answer's meta to the request running
 * it, found through AsyncLocalStorage (nodejs_compat). tests/worker/request-log.test.ts fails if
 * a runtime update moves that internal (the line's `d1.metered` turns false).
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestUsage = {
  id: string;
  started: number;
  /** The app's route pattern ("/api/news/:id", "/news/:id"); null when no route ran (a cache hit of the API). */
  route: string | null;
  userId: number | null;
  trips: number;
  rowsRead: number;
  rowsWritten: number;
  /** An unexpected error the error handler answered with a 5xx. */
  error: { message: string; stack?: string } | null;
};

const storage = new AsyncLocalStorage<RequestUsage>();

/** The request id a client may send (as Hono's request-id middleware accepts it). */
const VALID_ID = /^[\w\-=]{1,255}$/;

export function startUsage(request: Request): RequestUsage {
  const sent = request.headers.get("X-Request-Id");
  return {
    id: sent && VALID_ID.test(sent) ? sent : crypto.randomUUID(),
    started: Date.now(),
    route: null,
    userId: null,
    trips: 0,
    rowsRead: 0,
    rowsWritten: 0,
    error: null,
  };
}

export const runWithUsage = <T>(usage: RequestUsage, work: () => Promise<T>): Promise<T> => storage.run(usage, work);

/** The running request's usage (undefined outside a request: queue and cron handlers). */
export const currentUsage = (): RequestUsage | undefined => storage.getStore();

/** Records an unexpected error of the running request; false when no request is running. */
export function noteError(err: unknown): boolean {
  const usage = storage.getStore();
  if (!usage) return false;
  usage.error = err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
  return true;
}

type Meta = { rows_read?: number; rows_written?: number };
type Answer = { meta?: Meta } | undefined;
type Send = (this: object, ...args: unknown[]) => Promise<Answer | Answer[]>;

function record(answer: Answer | Answer[]) {
  const usage = storage.getStore();
  if (!usage) return;
  usage.trips++;
  for (const one of Array.isArray(answer) ? answer : [answer]) {
    usage.rowsRead += one?.meta?.rows_read ?? 0;
    usage.rowsWritten += one?.meta?.rows_written ?? 0;
  }
}

const metered = new WeakSet<object>();
let meteredAny = false;

/** Wraps the send methods on the prototypes of `db`'s sessions (once per isolate). */
export function meterD1(env: Env): void {
  if (meteredAny) return;
  const db = env.DB;
  const holders: object[] = [];
  const primary = (db as unknown as { alwaysPrimarySession?: object }).alwaysPrimarySession;
  if (primary) holders.push(primary);
  try {
    holders.push(db.withSession("first-primary"));
  } catch {
    // Not a real binding (a test's wrapper): metered once a real one comes by.
  }
  for (const holder of holders) {
    for (const name of ["_sendOrThrow", "_queryOrThrow"]) {
      let owner: object | null = holder;
      while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner) as object | null;
      if (!owner || owner === Object.prototype || metered.has(owner as object)) continue;
      const original = (owner as Record<string, unknown>)[name];
      if (typeof original !== "function") continue;
      (owner as Record<string, Send>)[name] = async function (this: object, ...args: unknown[]) {
        const answer = await (original as Send).apply(this, args);
        record(answer);
        return answer;
      };
      metered.add(owner);
      meteredAny = true;
    }
  }
}

/** True once the D1 client's sends are metered (rows read are then known). */
export const isD1Metered = () => meteredAny;
