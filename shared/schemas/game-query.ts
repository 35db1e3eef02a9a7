import { z } from "zod";
import { GAME_DEFAULT_PAGE_SIZE, GAME_MAX_PAGE_SIZE } from "@shared/game";
import { blankAsUndefined, pagingQuery } from "./query";
import { text } from "./text";

/**
 * Query-string building blocks shared by the game content routes (/faction, /unit, /hero,
 * /spell, /gameinfo). Their query objects are strict (`strictQuery`, ./query.ts). Empty values
 * count as absent.
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

/** `page` and `pageSize` of the game lists and the change history: pages of 50 by default, at most 200. */
export const gamePaging = pagingQuery(GAME_DEFAULT_PAGE_SIZE, GAME_MAX_PAGE_SIZE);
