import { z } from "zod";
import { text } from "./text";
import { versionField } from "./version";
import { gamePaging } from "./game-query";
import { strictQuery } from "./query";
import type { JsonValue } from "./json";
import { HISTORY_ENTITY_TYPES, type HistoryActionType, type HistoryEntityType } from "../history";

/**
 * The change history of factions, units, heroes, spells, news articles and guides (moderators and
 * admins): GET /history?entity=unit&id=47 lists one record's changes newest first, and
 * POST /history/{changeId}/restore puts one change's old values back as a new change.
 */

export { HISTORY_ENTITY_TYPES, type HistoryActionType, type HistoryEntityType };

/** One field of a change: what it was before and what it became (null on create / delete). */
export type HistoryFieldChange = { field: string; old: JsonValue; new: JsonValue };

/** One change as GET /history answers it. */
export type HistoryEntry = {
  id: number;
  entityType: HistoryEntityType;
  entityId: number;
  action: HistoryActionType;
  changes: HistoryFieldChange[];
  /** For a restore: the change whose old values it put back. */
  restoredFrom: number | null;
  /** Who made it (null when that account is gone). */
  user: { id: number; name: string } | null;
  createdAt: string;
  /** Whether POST /history/{id}/restore accepts it (a creation has no earlier values). */
  restorable: boolean;
};

const ENTITY_MESSAGE = `Entity must be one of: ${HISTORY_ENTITY_TYPES.join(", ")}.`;
const ID_MESSAGE = "Id must be a record id (a whole number of 1 or more).";

/** GET /history: `entity` and `id` are required; pages of 50 by default. */
export const historyQuerySchema = strictQuery({
  entity: z.enum(HISTORY_ENTITY_TYPES, { error: ENTITY_MESSAGE }),
  id: text({ error: ID_MESSAGE })
    .regex(/^[0-9]{1,10}$/, ID_MESSAGE)
    .transform(Number)
    .pipe(z.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE)),
  ...gamePaging,
});

/**
 * POST /history/{changeId}/restore. `updatedAt`: the version of the record the restore was
 * chosen on (optional); a different stored one is a 409 stale_version with the current record.
 */
export const restoreInputSchema = z.object({
  ...versionField,
});
