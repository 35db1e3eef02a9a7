import { publicPageLimit } from "../schemas/query";
import { validationFailed } from "./errors";

/**
 * Public lists stop at publicPageLimit(pageSize) (worker/schemas/query.ts): a deeper page is a 400
 * validation_failed naming `page`, as a page past MAX_PAGE is. Checked before the list is read.
 */
export function checkPublicPage(page: number, pageSize: number): void {
  const limit = publicPageLimit(pageSize);
  if (page > limit) throw validationFailed({ page: [`Page must be at most ${limit}.`] });
}

/** A public list's `totalPages`: the pages it serves, so the SPA's pagers link only those. */
export const publicTotalPages = (totalCount: number, pageSize: number) =>
  Math.min(Math.ceil(totalCount / pageSize), publicPageLimit(pageSize));
