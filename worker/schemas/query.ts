import { z } from "zod";

/**
 * Query-string building blocks every list route shares (news, media, game content). Query values
 * arrive as text; an empty value counts as absent.
 */

/** Empty query values count as absent. */
export const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * The deepest page a list serves: a larger number is a 400, not clamped. Lists page with OFFSET,
 * which reads every row it skips, so the depth is capped instead (docs/scaling.md §5): page 100
 * skips at most 99 × pageSize rows. Past the last page (and within the cap) a list is empty.
 */
export const MAX_PAGE = 100;

/**
 * How deep a public list (guests' and members' news and gallery) pages: a page's OFFSET reads one
 * index entry per row it skips and each row it shows costs up to ROWS_PER_SHOWN_ITEM reads (the
 * row, its tags or joins, the sort), so a page is served while
 * `(page − 1) × pageSize + ROWS_PER_SHOWN_ITEM × pageSize ≤ PUBLIC_LIST_ROWS`. 800 leaves 200 of
 * a request's 1,000 D1 rows for the filter choices the /news and /screenshots pages read with
 * the list (docs/decisions/0036-kept-counts-and-list-depth.md): page 58 at 12 a page (news), 32
 * at 20 (gallery). Page 1 is always served (a page of 100 reads about 750).
 * Moderators' and admins' lists page to MAX_PAGE.
 */
const PUBLIC_LIST_ROWS = 800;
const ROWS_PER_SHOWN_ITEM = 9;

/** The last page a public list serves at this page size (always at least 1). */
export const publicPageLimit = (pageSize: number) =>
  Math.max(1, Math.floor(PUBLIC_LIST_ROWS / pageSize) - (ROWS_PER_SHOWN_ITEM - 1));

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
