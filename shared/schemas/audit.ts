import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPE_PATTERN, type AuditAction } from "../audit";
import { blankAsUndefined, pagingQuery, strictQuery } from "./query";
import { queryText } from "./game-query";
import { text } from "./text";
import type { JsonValue } from "./json";

/**
 * GET /api/audit (admins): the audit log, newest first, filtered by who, what kind of record,
 * which record, which action and a date range (UTC days, both ends included).
 */

export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 100;

const DATE_MESSAGE = "Dates must be written YYYY-MM-DD.";

/** A calendar day, YYYY-MM-DD (a day that does not exist, such as 2026-02-30, is refused). */
const day = (label: string) =>
  z.preprocess(
    blankAsUndefined,
    text({ error: `${label}: ${DATE_MESSAGE}` })
      .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, `${label}: ${DATE_MESSAGE}`)
      .refine((v) => {
        const time = Date.parse(`${v}T00:00:00.000Z`);
        return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === v;
      }, `${label} is not a day of the calendar.`)
      .optional(),
  );

const USER_MESSAGE = "User must be a user id (a whole number of 1 or more).";

export const auditQuerySchema = strictQuery({
  /** Who made the change (a user id). */
  user: z.preprocess(
    blankAsUndefined,
    text({ error: USER_MESSAGE })
      .regex(/^[0-9]{1,10}$/, USER_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, USER_MESSAGE).max(2_147_483_647, USER_MESSAGE))
      .optional(),
  ),
  entityType: z.preprocess(
    blankAsUndefined,
    text({ error: "Entity type must be a single value." })
      .regex(AUDIT_ENTITY_TYPE_PATTERN, "Entity type must be lower-case letters and underscores, e.g. gameinfo or media_category.")
      .optional(),
  ),
  entityId: queryText("Entity id", 40),
  action: z.preprocess(blankAsUndefined, z.enum(AUDIT_ACTIONS, { error: `Action must be one of: ${AUDIT_ACTIONS.join(", ")}.` }).optional()),
  from: day("From"),
  to: day("To"),
  ...pagingQuery(AUDIT_PAGE_SIZE_DEFAULT, AUDIT_PAGE_SIZE_MAX),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "To must be the same day as From or later." });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** GET /api/audit/filters takes no parameters. */
export const auditFiltersQuerySchema = strictQuery({});

/**
 * One changed field of an audit entry. `old` or `new` is absent when the row did not record it
 * (a create has no old value, a delete no new one, and older rows kept the new values only).
 */
export type AuditFieldChange = { field: string; old?: JsonValue; new?: JsonValue };

/** One audit row as GET /api/audit answers it. */
export type AuditEntry = {
  id: number;
  action: AuditAction;
  entityType: string;
  entityId: string;
  /** The record's name or title: its current one, else the one the row recorded (a deleted record's). */
  entityName: string | null;
  /** Who did it: null for a change made outside the site (`npm run admin`) or by an account that no longer exists. */
  user: { id: number; name: string } | null;
  createdAt: string;
  changes: AuditFieldChange[];
};

/** GET /api/audit/filters: who and what the log holds, with counts (the filter's choices). */
export type AuditFilters = {
  /** The members who made changes (their e-mail tells two of the same name apart; null once deleted). */
  users: { id: number; name: string; email: string | null; count: number }[];
  entityTypes: { value: string; count: number }[];
  actions: { value: AuditAction; count: number }[];
};
