/** Site pages painted at the edge: the forum and the search page (metadata only, no first data). */
import { forumMeta, searchMeta } from "@shared/seo";
import { definePage } from "./define";

export const forumPage = definePage({
  pattern: "/forum",
  module: "features/forum/routes/forum",
  meta: ({ origin }) => ({ meta: forumMeta(origin) }),
});

export const searchPage = definePage({
  pattern: "/search",
  module: "features/search/routes/search",
  meta: () => ({ meta: searchMeta() }),
});

export const sitePages = [forumPage, searchPage];
