import { z } from "zod";
import { ID_MAX, parseId } from "../ids";
import { text } from "./text";

/**
 * The URL contract every GET route shares (docs/conventions.md, ADR 0047): strict query objects,
 * one paging query, one list envelope, one path id. Query values arrive as text; an empty value
 * counts as absent.
 */

/** Empty query values count as absent. */
export const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

// ---------------------------------------------------------------------------------------------
// Strict query objects
// ---------------------------------------------------------------------------------------------

/** What `errors.<name>` says for a query parameter the route does not take. */
export const UNKNOWN_PARAMETER = "Unknown query parameter.";

/**
 * A route's query: an unknown parameter (a misspelt flag, a cache-busting `?zz=…`) is a 400
 * `validation_failed` whose `errors` name it (`{ zz: ["Unknown query parameter."] }`), never
 * ignored. Every GET route validates its query with one of these (`emptyQuerySchema` when it
 * takes none): the edge cache keys a guest read by the validated query (worker/lib/read-key.ts).
 */
export const strictQuery = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? UNKNOWN_PARAMETER : undefined) });

/** The query of a route that takes no parameters. */
export const emptyQuerySchema = strictQuery({});

// ---------------------------------------------------------------------------------------------
// Paging
// ---------------------------------------------------------------------------------------------

/**
 * The deepest page a list serves. Lists page with OFFSET, which reads every row it skips, so the
 * depth is capped (docs/scaling.md §5): page 100 skips at most 99 × pageSize rows. Past the last
 * page (and within the cap) a list is empty.
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

/**
 * A whole number from `min` to `max` in the query, `fallback` when absent or blank. Written in
 * digits only: a sign, a point, an exponent or a space is a 400, and so is a value past the
 * limits (never clamped).
 */
export const queryCount = (label: string, min: number, max: number, fallback: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return text({ error: message })
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? String(fallback) : v))
    .pipe(text().regex(/^[0-9]{1,9}$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message)));
};

/** `page`: 1 (default) to MAX_PAGE. The one page parameter of every paged answer (lists and search). */
export const pageQuery = queryCount("Page", 1, MAX_PAGE, 1);

/**
 * The one paging query of every list: `page` (1 to MAX_PAGE, default 1) and `pageSize` (1 to
 * `max`, default `fallback`). A value past either limit, 0, negative, fractional or not a number
 * is a 400 `validation_failed` naming the parameter; nothing is clamped.
 */
export const pagingQuery = (fallback: number, max: number) => ({
  page: pageQuery,
  pageSize: queryCount("Page size", 1, max, fallback),
});

/** The one list envelope. */
export type Paged<T> = { items: T[]; totalCount: number; page: number; pageSize: number; totalPages: number };

/**
 * The one `totalPages`: how many pages of `pageSize` hold `totalCount` items, stopping at
 * `lastPage`, the deepest page the caller is served (MAX_PAGE, or a guest's `publicPageLimit`),
 * so no answer links past it. 0 for no items.
 */
export const pageCount = (totalCount: number, pageSize: number, lastPage = MAX_PAGE) => Math.min(Math.ceil(totalCount / pageSize), lastPage);

/** Builds every list's answer (`lastPage`: see `pageCount`). */
export const paged = <T>(items: T[], totalCount: number, { page, pageSize }: { page: number; pageSize: number }, lastPage = MAX_PAGE): Paged<T> => ({
  items,
  totalCount,
  page,
  pageSize,
  totalPages: pageCount(totalCount, pageSize, lastPage),
});

/** An unpaged list (a faction's units or heroes, the faction list) in the same envelope. */
export const whole = <T>(items: T[]): Paged<T> => paged(items, items.length, { page: 1, pageSize: Math.max(items.length, 1) });

// ---------------------------------------------------------------------------------------------
// Path ids
// ---------------------------------------------------------------------------------------------

export const ID_MESSAGE = `Id must be a whole number from 1 to ${ID_MAX}, written without leading zeros.`;

/**
 * `:id` of every route whose path names a record: `validate("param", idParamSchema)`, then
 * `c.req.valid("param").id`. Anything `parseId` refuses is a 400 `validation_failed` with
 * `errors.id` (the same answer on every route).
 */
export const idParamSchema = z.object({
  id: text({ error: ID_MESSAGE }).transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: ID_MESSAGE });
      return z.NEVER;
    }
    return id;
  }),
});
