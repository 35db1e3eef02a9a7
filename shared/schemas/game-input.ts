import { z } from "zod";
import { isFilesPath, isHttpUrl } from "../image-source";
import type { JsonValue } from "./json";
import { text } from "./text";

/**
 * Body building blocks of the game content writes (POST and PUT of factions, units, heroes,
 * spells, game info). Unknown keys are dropped, so the editor may send back a row as it read it
 * (with ids, counts and timestamps). Numbers may come as numbers or as digit strings (the
 * inline editor's cells are text).
 */

/** Required text: missing or blank answers `requiredMessage` (the spec's 'Name is required'). */
export const requiredText = (requiredMessage: string, label: string, max: number) =>
  text({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional text (absent or null is ""). */
export const optionalText = (label: string, max: number) =>
  text({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v ?? "");

/** Optional text stored as null when absent or blank. */
export const nullableText = (label: string, max: number) =>
  text({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An image: empty (null), an absolute http(s) URL or a path under /files/. */
export const imageUrl = (label: string) =>
  nullableText(label, 2048).refine(
    (v) => v === null || isHttpUrl(v) || isFilesPath(v),
    `${label} must be an http(s) URL or a path under /files/.`,
  );

const digits = (v: unknown) => (typeof v === "string" && /^\s*-?[0-9]{1,10}\s*$/.test(v) ? Number(v) : v);

/** A whole number within [min, max], `fallback` when absent. */
export const wholeNumber = (label: string, min: number, max: number, fallback: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : digits(v)),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
};

/** A record id (required; `requiredMessage` when missing). */
export const recordId = (requiredMessage: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : digits(v)),
    z.number({ error: requiredMessage }).int(requiredMessage).min(1, requiredMessage).max(2_147_483_647, requiredMessage),
  );

/** true/false (also "true"/"false" from text cells), `fallback` when absent. */
export const flag = (label: string, fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? fallback : v === "true" ? true : v === "false" ? false : v),
    z.boolean({ error: `${label} must be true or false.` }),
  );

/** A value from a fixed list, `fallback` when absent (no fallback: required). */
export const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T, fallback?: T[number]) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : v),
    z.enum(values, { error: `${label} must be one of: ${values.join(", ")}.` }),
  );

/**
 * A JSON field of a given kind: the value itself, or JSON text of it (what the editor sends
 * when a cell was typed). Absent, null or blank is null.
 */
export const jsonField = (label: string, kind: "list" | "object") => {
  const message = `${label} must be ${kind === "list" ? "a JSON list, e.g. [\"Flying\"]" : "a JSON object, e.g. {\"kind\": \"damage\"}"}.`;
  return z
    .unknown()
    // optional(): an absent key is null too (without it zod refuses a missing key).
    .optional()
    .transform((v, ctx): JsonValue[] | { [key: string]: JsonValue } | null => {
      let value = v;
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
      if (typeof value === "string") {
        try {
          value = JSON.parse(value);
        } catch {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
      }
      const ok = kind === "list" ? Array.isArray(value) : typeof value === "object" && value !== null && !Array.isArray(value);
      if (!ok) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      if (JSON.stringify(value).length > 10_000) {
        ctx.addIssue({ code: "custom", message: `${label} must be at most 10,000 characters of JSON.` });
        return z.NEVER;
      }
      return value as JsonValue[] | { [key: string]: JsonValue };
    });
};

/** Spec texts of the game-assets editor's validation. */
export const MESSAGES = {
  name: "Name is required",
  description: "Description is required",
  biography: "Biography is required",
  faction: "Faction is required",
} as const;

/** Upper bounds for stats (non-negative, generous). */
export const STAT_MAX = 1_000_000;
