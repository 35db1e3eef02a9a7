/**
 * Site-wide search: the content types, their labels, the limits and the answer's shape. Plain
 * constants and types (no zod), so the search page does not load the validation library.
 */

/** Content types search covers, in the order results are grouped. Add a type here and register its source. */
export const SEARCH_TYPES = ["news", "gameinfo", "faction", "unit", "hero", "spell", "media"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  news: "News",
  gameinfo: "Game Info",
  faction: "Factions",
  unit: "Units",
  hero: "Heroes",
  spell: "Spells",
  media: "Media",
};

export const SEARCH_QUERY_MAX = 200;
/** Results per type when all types are searched at once. */
export const SEARCH_GROUP_SIZE = 5;
/** Results per page when one type is searched. */
export const SEARCH_PAGE_SIZE = 20;

/** A piece of a snippet: `match` pieces are the words that matched (render them highlighted, as text). */
export type SnippetPart = { text: string; match: boolean };

export type SearchHit = {
  type: SearchType;
  id: number;
  title: string;
  /** Where the result lives in the SPA, e.g. "/units/12". */
  path: string;
  snippet: SnippetPart[];
  /** False for drafts and inactive rows (only moderators and admins ever see those; media items are always approved ones). */
  visible: boolean;
};

export type SearchGroup = { type: SearchType; label: string; totalCount: number; items: SearchHit[] };

export type SearchResponse = {
  query: string;
  /** Only the types with results, in SEARCH_TYPES order. */
  groups: SearchGroup[];
  totalCount: number;
  page: number;
  pageSize: number;
};
