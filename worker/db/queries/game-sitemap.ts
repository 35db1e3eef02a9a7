/** What the sitemap lists of the game content: every visible unit, hero and spell (one batch). */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../env";
import { heroes, spells, units } from "../schema";
import { activeFactionIds } from "./game-common";

export type SitemapRow = { id: number; updatedAt: string };

/** Active units and heroes of active factions and active spells, by id, at most `limit` of each. */
export async function gameSitemapIndex(db: Database, limit: number) {
  const [unitRows, heroRows, spellRows] = await db.batch([
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
  ]);
  return { units: unitRows, heroes: heroRows, spells: spellRows };
}
