import { z } from "zod";
import { GAME_DEFAULT_PAGE_SIZE, GAME_MAX_PAGE_SIZE } from "@shared/game";
import { blankAsUndefined, MAX_PAGE } from "./query";
import { text } from "./text";

/**
 * Query-string building blocks shared by the game content routes (/faction, /unit, /hero,
 * /spell, /gameinfo). Query objects are strict: an unknown parameter (a misspelt include flag,
 * say) is a 400, not silently ignored. Empty values count as absent.
 */

/** `true` or `false` (the only spellings accepted), optional with a default. */
export const queryFlag = (label: string, fallback: boolean) =>
  z.preprocess(
    blankAsUndefined,
    z
      .enum(["true", "false"], { error: `${label} must be true or false.` })
      .optional()
      .transform((v) => (v === undefined ? fallback : v === "true")),
  );

/** `true` or `false`, or absent (undefined: no filter). */
export const queryOptionalFlag = (label: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .enum(["true", "false"], { error: `${label} must be true or false.` })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true")),
  );

/** An optional whole number within [min, max]. */
export const queryInt = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z.preprocess(
    blankAsUndefined,
    text({ error: message })
      .regex(/^-?[0-9]{1,10}$/, message)
      .transform(Number)
      .pipe(z.number().int(message).min(min, message).max(max, message))
      .optional(),
  );
};

/** An optional record id (a positive whole number). */
export const queryId = (label: string) => queryInt(label, 1, 2_147_483_647);

/** An optional value from a fixed list (matched exactly). */
export const queryEnum = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(
    blankAsUndefined,
    z.enum(values, { error: `${label} must be one of: ${values.join(", ")}.` }).optional(),
  );

/** Optional free text up to `max` characters, trimmed. */
export const queryText = (label: string, max: number) =>
  z.preprocess(
    blankAsUndefined,
    text({ error: `${label} must be a single value.` })
      .trim()
      .max(max, `${label} must be at most ${max} characters.`)
      .optional(),
  );

/**
 * An optional comma-separated list of record ids ("12,47,88"), at most `max`, no repeats; the
 * order is kept.
 */
export const queryIdList = (label: string, max: number) => {
  const malformed = `${label} must be a comma-separated list of ids.`;
  return z.preprocess(
    blankAsUndefined,
    text({ error: malformed })
      .regex(/^[0-9]{1,10}(,[0-9]{1,10})*$/, malformed)
      .transform((value) => value.split(",").map(Number))
      .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), malformed)
      .pipe(
        z
          .array(z.number())
          .max(max, `At most ${max} ${label.toLowerCase()} can be given.`)
          .refine((ids) => new Set(ids).size === ids.length, `${label} must not repeat.`),
      )
      .optional(),
  );
};

/** A whole number from `min` to `max` in the query, `fallback` when absent or blank. */
export const queryCount = (label: string, min: number, max: number, fallback: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return text({ error: message })
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? String(fallback) : v))
    .pipe(text().regex(/^[0-9]{1,9}$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message)));
};

/** `page` (default 1) and `pageSize` (default 50, at most 200; larger is a 400, not clamped). */
export const pagingQuery = {
  page: queryCount("Page", 1, MAX_PAGE, 1),
  pageSize: queryCount("Page size", 1, GAME_MAX_PAGE_SIZE, GAME_DEFAULT_PAGE_SIZE),
};

/** A strict query object (unknown parameters are refused with a message naming them). */
export const strictQuery = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown query parameter: ${issue.keys.join(", ")}.` : undefined) });

/** The list envelope every paged game list answers. */
export type Paged<T> = { items: T[]; totalCount: number; page: number; pageSize: number; totalPages: number };

export const paged = <T>(items: T[], totalCount: number, page: number, pageSize: number): Paged<T> => ({
  items,
  totalCount,
  page,
  pageSize,
  totalPages: Math.ceil(totalCount / pageSize),
});

/** An unpaged list (a faction's units or heroes, the faction list) in the same envelope. */
export const whole = <T>(items: T[]): Paged<T> => paged(items, items.length, 1, Math.max(items.length, 1));
