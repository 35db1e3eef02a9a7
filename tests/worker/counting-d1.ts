/** A D1 binding wrapped by a counter of its round trips (tests of what reads cost). */

export type Counter = { db: D1Database; trips: number };

/**
 * Wraps a D1 binding: same answers, and `trips` counts the round trips made through it (a
 * statement's first/all/run/raw, a batch, an exec), on the binding and on its sessions.
 */
export function countingD1(db: D1Database): Counter {
  const counter = { trips: 0 } as Counter;
  const real = new WeakMap<object, D1PreparedStatement>();
  const TRIPS = new Set(["first", "all", "run", "raw"]);
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (TRIPS.has(String(prop))) counter.trips++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  const unwrap = (statements: D1PreparedStatement[]) => statements.map((s) => real.get(s) ?? s);
  const session = (s: D1DatabaseSession): D1DatabaseSession =>
    ({
      prepare: (query: string) => wrap(s.prepare(query)),
      batch: <T>(statements: D1PreparedStatement[]) => {
        counter.trips++;
        return s.batch<T>(unwrap(statements));
      },
      getBookmark: () => s.getBookmark(),
    }) as D1DatabaseSession;
  counter.db = {
    prepare: (query: string) => wrap(db.prepare(query)),
    batch: <T>(statements: D1PreparedStatement[]) => {
      counter.trips++;
      return db.batch<T>(unwrap(statements));
    },
    exec: (query: string) => {
      counter.trips++;
      return db.exec(query);
    },
    dump: () => db.dump(),
    withSession: (constraint?: string) => session(db.withSession(constraint)),
  } as D1Database;
  return counter;
}
