/** Statements listing the unit, hero and spell pages for the sitemap (batched by gameSitemapIndex). */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../env";
import { heroes, spells, units } from "../schema";
import { activeFactionIds } from "./game-common";

/** Active units and heroes of active factions, and active spells, by id (at most `limit` each). */
export const entitySitemapStatements = (db: Database, limit: number) =>
  [
    db
      .select({ id: units.id, updatedAt: units.updatedAt })
      .from(units)
      .where(and(eq(units.isActive, true), inArray(units.factionId, activeFactionIds(db))))
      .orderBy(asc(units.id))
      .limit(limit),
    db
      .select({ id: heroes.id, updatedAt: heroes.updatedAt })
      .from(heroes)
      .where(and(eq(heroes.isActive, true), inArray(heroes.factionId, activeFactionIds(db))))
      .orderBy(asc(heroes.id))
      .limit(limit),
    db
      .select({ id: spells.id, updatedAt: spells.updatedAt })
      .from(spells)
      .where(eq(spells.isActive, true))
      .orderBy(asc(spells.id))
      .limit(limit),
  ] as const;
