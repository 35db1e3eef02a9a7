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
/**
 * Results ranked per type: the newest SEARCH_MATCH_CAP a visitor may see, best first (bm25). A
 * type with more shows its count as "30+" (`capped`), so a common word never reads every match
 * (ADR 0040).
 */
export const SEARCH_MATCH_CAP = 30;
/**
 * Matches (newest first) looked at per type to find those results: rows the visitor may not see
 * (drafts, hidden factions' units) are skipped, up to this many matches in all.
 */
export const SEARCH_SCAN_CAP = 2 * SEARCH_MATCH_CAP;
/**
 * The news list's and the gallery's own searches (`?search=`) show, in the list's order and with
 * its other filters, the matches among the newest LIST_SEARCH_CAP of the FTS index; a word with
 * more says so (`capped`, its count shown as "60+"), so a search reads the same few rows however
 * common the word is and rarer words stay exact (ADR 0040). As large as the site search's window
 * (SEARCH_SCAN_CAP): a page of up to 100 with a tag filter stays within the budget of 1,000 rows.
 */
export const LIST_SEARCH_CAP = 60;

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

export type SearchGroup = {
  type: SearchType;
  label: string;
  /** The type's results; with `capped`, a floor (the newest SEARCH_MATCH_CAP were ranked, more exist). */
  totalCount: number;
  items: SearchHit[];
  /** Present (true) when the type has more results than were ranked: show the count as "50+". */
  capped?: true;
};

export type SearchResponse = {
  query: string;
  /** Only the types with results, in SEARCH_TYPES order. */
  groups: SearchGroup[];
  /** The groups' counts added up; with `capped`, a floor. */
  totalCount: number;
  /** Present (true) when any group is capped. */
  capped?: true;
  page: number;
  pageSize: number;
  /** Pages of one type's results (`pageCount`); 1 for the groups of every type (one page), 0 for none. */
  totalPages: number;
};
