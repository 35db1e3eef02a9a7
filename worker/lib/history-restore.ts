import type { ZodType } from "zod";
import type { Database } from "../db/client";
import { createFaction, getFaction, updateFaction } from "../db/queries/faction";
import { createGameInfo, getGameInfo, updateGameInfo } from "../db/queries/gameinfo";
import type { Actor, WriteOptions, WriteResult } from "../db/queries/game-common";
import { isStale } from "../db/queries/versioned";
import { getChange } from "../db/queries/history";
import { createHero, getHero, updateHero } from "../db/queries/hero";
import { createNews, getNews, updateNews } from "../db/queries/news";
import { createSpell, getSpell, updateSpell } from "../db/queries/spell";
import { createUnit, getUnit, updateUnit } from "../db/queries/unit";
import { fieldErrorsFromIssues as fieldErrors } from "@shared/field-errors";
import { factionInputSchema } from "../../shared/schemas/faction";
import { gameInfoInputSchema } from "../../shared/schemas/gameinfo";
import { heroInputSchema } from "../../shared/schemas/hero";
import { newsArticleInputSchema } from "../../shared/schemas/news";
import { spellInputSchema } from "../../shared/schemas/spell";
import { unitInputSchema } from "../../shared/schemas/unit";
import type { HistoryEntityType } from "../../shared/history";

/**
 * Restoring a change: its old values are written back as a new change (history action
 * "restore"), through the same validation and write functions as an edit, so every rule of an
 * edit holds (references, unique names, the version check). An update or restore puts the old
 * values of its fields back on the current record; a delete re-creates the record under its old
 * id; a create has no earlier values and cannot be restored.
 */

type Handler = {
  read: (db: Database, id: number) => Promise<{ updatedAt: string } | null>;
  schema: ZodType;
  create: (db: Database, input: never, actor: Actor, options: WriteOptions) => Promise<WriteResult<unknown>>;
  update: (db: Database, id: number, input: never, actor: Actor, options: WriteOptions) => Promise<WriteResult<unknown>>;
};

const ALL = { includeUnits: false, includeHeroes: false, includeSpells: false, all: true };

const HANDLERS: Record<HistoryEntityType, Handler> = {
  faction: { read: (db, id) => getFaction(db, id, ALL, true), schema: factionInputSchema, create: createFaction, update: updateFaction },
  unit: { read: (db, id) => getUnit(db, id, true, false), schema: unitInputSchema, create: createUnit, update: updateUnit },
  hero: { read: (db, id) => getHero(db, id, true), schema: heroInputSchema, create: createHero, update: updateHero },
  spell: { read: (db, id) => getSpell(db, id, true), schema: spellInputSchema, create: createSpell, update: updateSpell },
  gameinfo: { read: (db, id) => getGameInfo(db, id, true), schema: gameInfoInputSchema, create: createGameInfo, update: updateGameInfo },
  news: { read: (db, id) => getNews(db, id, true), schema: newsArticleInputSchema, create: createNews, update: updateNews },
};

export type RestoreResult = WriteResult<unknown> & { entityType?: HistoryEntityType };

/** Restores change `changeId` (optionally only while the record still has `updatedAt`). */
export async function restoreChange(db: Database, changeId: number, actor: Actor, updatedAt?: string): Promise<RestoreResult> {
  const change = await getChange(db, changeId);
  if (!change) return { ok: false, kind: "not_found" };
  if (change.action === "create") {
    return { ok: false, kind: "conflict", message: "A creation has no earlier values to restore. Delete the record instead." };
  }
  const handler = HANDLERS[change.entityType];
  const oldValues: Record<string, unknown> = {};
  for (const c of change.changes) oldValues[c.field] = c.old;
  const current = await handler.read(db, change.entityId);
  const options: WriteOptions = { restoredFrom: change.id };

  if (change.action === "delete") {
    if (current) {
      return { ok: false, kind: "conflict", message: "This record exists again. Restore one of its later changes instead." };
    }
    const parsed = handler.schema.safeParse(oldValues);
    if (!parsed.success) return { ok: false, kind: "invalid", errors: fieldErrors(parsed.error.issues) };
    return handler.create(db, parsed.data as never, actor, { ...options, id: change.entityId });
  }

  if (!current) {
    return { ok: false, kind: "conflict", message: "This record was deleted. Restore its deletion first." };
  }
  if (isStale(updatedAt, current.updatedAt)) return { ok: false, kind: "stale", current };
  const parsed = handler.schema.safeParse({ ...current, ...oldValues, updatedAt: current.updatedAt });
  if (!parsed.success) return { ok: false, kind: "invalid", errors: fieldErrors(parsed.error.issues) };
  return handler.update(db, change.entityId, parsed.data as never, actor, options);
}
