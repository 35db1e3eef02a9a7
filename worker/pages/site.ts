/** Site pages served by the Worker: the forum (its fixed first view painted) and the search page (metadata only). */
import { forumMeta, searchMeta } from "@shared/seo";
import { definePage } from "./define";
import { paintForum } from "./paint/site";

export const forumPage = definePage({
  pattern: "/forum",
  module: "features/forum/routes/forum",
  meta: ({ origin }) => ({ meta: forumMeta(origin) }),
  paint: () => paintForum(),
});

export const searchPage = definePage({
  pattern: "/search",
  module: "features/search/routes/search",
  meta: () => ({ meta: searchMeta() }),
});

export const sitePages = [forumPage, searchPage];
