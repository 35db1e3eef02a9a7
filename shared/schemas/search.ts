/** Site-wide search (GET /api/search): the query's schema; the constants and answer types are in shared/search. */
import { z } from "zod";
import { pageQuery, strictQuery } from "./query";
import { text } from "./text";
import { SEARCH_QUERY_MAX, SEARCH_TYPES } from "../search";

export * from "../search";

export const searchQuerySchema = strictQuery({
  q: text({ error: "Search text must be text." })
    .max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters long.`)
    .optional()
    .default(""),
  type: z.enum(SEARCH_TYPES, { error: `Type must be one of: ${SEARCH_TYPES.join(", ")}.` }).optional(),
  page: pageQuery,
});
