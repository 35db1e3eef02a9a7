/**
 * One D1 round trip for a page's first data. A page rendered by the Worker reads its data through
 * the Worker's own API, one handler per read (worker/pages), and each handler sends its own
 * `db.batch`. A read batch joins those: every read of the page takes part, and once each read
 * that is still running is waiting on a batch, the waiting batches go to D1 as one, each caller
 * getting its own results. A read that needs no D1 (an edge cache hit) or has finished simply
 * leaves, so nobody waits for it. Single statements (`prepare().all()` and the like) pass
 * straight through.
 *
 * Reads only: D1 runs a batch as one transaction, and a failing statement fails the batch. If
 * the joint batch fails, each caller's batch runs again on its own, so one bad read fails alone.
 */
import { bindingOf, registerHandle } from "./session";

type Waiting = {
  statements: D1PreparedStatement[];
  resolve: (results: D1Result[]) => void;
  reject: (error: unknown) => void;
};

export type ReadBatch = {
  /** The database handle the reads use (in place of the request's `DB`). */
  db: D1Database;
  /** The request's environment with `DB` replaced by `db`. */
  env: Env;
  /** Runs one read as a participant: the batch waits for it until it is done. */
  read<T>(work: () => Promise<T>): Promise<T>;
};

/** A read batch over the request's database (`env.DB`, the request's D1 session). */
export function readBatch(env: Env): ReadBatch {
  const db = env.DB;
  let running = 0;
  let waiting: Waiting[] = [];

  const send = (group: Waiting[]) => {
    if (group.length === 1) {
      const [only] = group;
      db.batch(only!.statements).then(only!.resolve, only!.reject);
      return;
    }
    db.batch(group.flatMap((w) => w.statements)).then(
      (results) => {
        let at = 0;
        for (const w of group) {
          w.resolve(results.slice(at, at + w.statements.length));
          at += w.statements.length;
        }
      },
      () => {
        for (const w of group) db.batch(w.statements).then(w.resolve, w.reject);
      },
    );
  };

  const flushWhenAllWait = () => {
    if (waiting.length && waiting.length >= running) {
      const group = waiting;
      waiting = [];
      send(group);
    }
  };

  const handle = {
    prepare: (query: string) => db.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) =>
      new Promise<D1Result<T>[]>((resolve, reject) => {
        waiting.push({ statements, resolve: resolve as Waiting["resolve"], reject });
        // Checked a moment later: reads started together (Promise.all) have all joined by then.
        queueMicrotask(flushWhenAllWait);
      }),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  } as D1Database;
  registerHandle(handle, bindingOf(db));

  return {
    db: handle,
    env: { ...env, DB: handle },
    async read(work) {
      running++;
      try {
        return await work();
      } finally {
        running--;
        queueMicrotask(flushWhenAllWait);
      }
    },
  };
}
