/**
 * Helpers shared by the game content queries (factions, units, heroes, spells, game info).
 * Visibility: guests and users see active rows only, and units and heroes only of active
 * factions; moderators may ask for everything (`all`).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../env";
import type { FilterOption } from "../../shared/game";
import type { JsonValue } from "../../schemas/unit";
import { factions } from "../schema";

/** JSON text from a JSON-typed column as a value (text that is not JSON is answered as it is). */
export function parseJsonColumn(text: string | null): JsonValue {
  if (text === null) return null;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/** The ids of the active factions (a subquery for `inArray`). */
export const activeFactionIds = (db: Database) =>
  db.select({ id: factions.id }).from(factions).where(eq(factions.isActive, true));

/** `{ value, count }` rows (from a GROUP BY) as filter options, in the given order of values. */
export function options<T extends string | number>(
  rows: readonly { value: T; count: number; label?: string | null }[],
  order?: readonly T[],
): FilterOption<T>[] {
  const list = rows.map((r) => (r.label ? { value: r.value, count: r.count, label: r.label } : { value: r.value, count: r.count }));
  if (order) list.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
  return list;
}

/** `count(*)` as a number. */
export const countAll = () => sql<number>`cast(count(*) as integer)`;

export type Conditions = (SQL | undefined)[];
