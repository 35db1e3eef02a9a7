/** Site-wide search (GET /api/search): the query's schema; the constants and answer types are in shared/search. */
import { z } from "zod";
import { text } from "./text";
import { SEARCH_QUERY_MAX, SEARCH_TYPES } from "../shared/search";

export * from "../shared/search";

export const searchQuerySchema = z.object({
  q: text({ error: "Search text must be text." })
    .max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters long.`)
    .optional()
    .default(""),
  type: z.enum(SEARCH_TYPES, { error: `Type must be one of: ${SEARCH_TYPES.join(", ")}.` }).optional(),
  page: text()
    .regex(/^\d{1,6}$/, "Page must be a whole number.")
    .transform(Number)
    .pipe(z.number().int().min(1, "Page must be at least 1."))
    .optional()
    .default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
