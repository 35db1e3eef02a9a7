/**
 * Read statements built once per isolate.
 *
 * Drizzle turns a query builder into SQL on every execution: on a page's cache miss that was
 * about a sixth of the Worker's CPU (measured on /units/1, docs/scaling.md). A kept read builds
 * its statements once per isolate and shape, with placeholders (`sql.placeholder("id")`) where a
 * request's values go, and each request only binds its values:
 *
 *   const unitReads = keptReads((db, all: boolean) => ({
 *     row: db.select().from(units).where(and(eq(units.id, sql.placeholder("id")), ...)),
 *   }));
 *   const { row } = unitReads(db, all, { id });
 *   const [rows] = await db.batch([row]);   // or: await row
 *
 * The shape chooses between statements whose SQL differs (all rows or only active ones, which
 * lists are included): it must take a few values only (booleans, enums), never a request's
 * value, which belongs in a placeholder. A placeholder's value is bound as given (a column's
 * driver mapping is not applied), so keep them to numbers and strings.
 *
 * What a kept read returns stands in for the builder it was built from in `db.batch` and
 * `await` only. It relies on drizzle's prepared-query internals (`_prepare`, the session's
 * `prepareQuery`), pinned by the version in package-lock.json (docs/decisions/0021-kept-reads.md);
 * tests/worker/kept-reads.test.ts checks that kept and freshly built statements answer the same.
 */
import { fillPlaceholders } from "drizzle-orm";
import type { Database } from "./client";

/** The parts of drizzle's prepared query that a kept read keeps or calls (drizzle-orm 0.45). */
type PreparedQuery = {
  query: { sql: string; params: unknown[] };
  fields?: unknown;
  executeMethod: string;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  isResponseInArrayMode(): boolean;
  execute(): Promise<unknown>;
};
type Preparable = { _prepare(): PreparedQuery };
type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    executeMethod: string,
    isResponseInArrayMode: boolean,
    customResultMapper: unknown,
  ): PreparedQuery;
};

/** A statement as built once: its SQL with placeholders and how its rows map to objects. */
type Template = Omit<PreparedQuery, "isResponseInArrayMode" | "execute"> & { arrayMode: boolean };

function templateOf(builder: Preparable): Template {
  const prepared = builder._prepare();
  return {
    query: prepared.query,
    fields: prepared.fields,
    executeMethod: prepared.executeMethod,
    customResultMapper: prepared.customResultMapper,
    joinsNotNullableMap: prepared.joinsNotNullableMap,
    arrayMode: prepared.isResponseInArrayMode(),
  };
}

/** One request's use of a template: prepared on the request's database, with its values bound. */
class KeptRead implements PromiseLike<unknown> {
  constructor(
    private readonly session: Session,
    private readonly template: Template,
    private readonly params: unknown[],
  ) {}

  /** What `db.batch` calls on each of its statements. */
  _prepare(): PreparedQuery {
    const { query, fields, executeMethod, arrayMode, customResultMapper, joinsNotNullableMap } = this.template;
    const prepared = this.session.prepareQuery({ sql: query.sql, params: this.params }, fields, executeMethod, arrayMode, customResultMapper);
    prepared.joinsNotNullableMap = joinsNotNullableMap;
    return prepared;
  }

  then<A = unknown, B = never>(onfulfilled?: ((value: unknown) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return Promise.resolve()
      .then(() => this._prepare().execute())
      .then(onfulfilled, onrejected);
  }
}

type Statements = Record<string, object | null>;

/** Shapes kept per read at most; a new one past it replaces the oldest (memory stays bounded). */
const MAX_SHAPES = 32;

/**
 * Keeps the statements that `build` returns for each shape; the returned function gives, for a
 * request's database and values, stand-ins for those statements (null stays null).
 */
export function keptReads<Shape, S extends Statements>(build: (db: Database, shape: Shape) => S) {
  const kept = new Map<string, Record<string, Template | null>>();
  return (db: Database, shape: Shape, values: Record<string, unknown>): S => {
    const key = JSON.stringify(shape);
    let templates = kept.get(key);
    if (!templates) {
      templates = Object.fromEntries(
        Object.entries(build(db, shape)).map(([name, builder]) => [name, builder ? templateOf(builder as Preparable) : null]),
      );
      if (kept.size >= MAX_SHAPES) kept.delete(kept.keys().next().value!);
      kept.set(key, templates);
    }
    const session = (db as unknown as { session: Session }).session;
    const reads: Record<string, KeptRead | null> = {};
    for (const [name, template] of Object.entries(templates)) {
      reads[name] = template && new KeptRead(session, template, fillPlaceholders(template.query.params, values));
    }
    return reads as unknown as S;
  };
}
