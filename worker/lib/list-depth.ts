import { MAX_PAGE, publicPageLimit } from "../../shared/schemas/query";
import { validationFailed } from "./errors";

/**
 * The deepest page of the news list or the gallery its caller is served: MAX_PAGE for
 * moderators and admins, publicPageLimit(pageSize) for everyone else (shared/schemas/query.ts).
 * A deeper page is a 400 validation_failed naming `page`, as a page past MAX_PAGE is, checked
 * before the list is read. The answer is `paged()`'s `lastPage`, so `totalPages` stops there too.
 */
export function lastServedPage(moderator: boolean, { page, pageSize }: { page: number; pageSize: number }): number {
  const limit = moderator ? MAX_PAGE : publicPageLimit(pageSize);
  if (page > limit) throw validationFailed({ page: [`Page must be at most ${limit}.`] });
  return limit;
}
