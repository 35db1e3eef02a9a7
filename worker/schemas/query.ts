import { z } from "zod";

/**
 * Query-string building blocks every list route shares (news, media, game content). Query values
 * arrive as text; an empty value counts as absent.
 */

/** Empty query values count as absent. */
export const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The highest page number a list accepts (a larger one is refused, not clamped). */
export const MAX_PAGE = 1_000_000_000;

/** `page`: a whole number of 1 or more (default 1), at most MAX_PAGE. */
export const queryPage = () =>
  z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: "Page must be a whole number of 1 or more." })
      .int("Page must be a whole number of 1 or more.")
      .min(1, "Page must be a whole number of 1 or more.")
      .max(MAX_PAGE, `Page must be at most ${MAX_PAGE}.`)
      .default(1),
  );

/** `pageSize`: a whole number of 1 or more (default `fallback`); larger than `max` is clamped, not refused. */
export const queryPageSize = (fallback: number, max: number) =>
  z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: "Page size must be a whole number of 1 or more." })
      .int("Page size must be a whole number of 1 or more.")
      .min(1, "Page size must be a whole number of 1 or more.")
      .default(fallback)
      .transform((n) => Math.min(n, max)),
  );
