/**
 * Site-wide search (news, game info, factions, units, heroes, spells and approved media items):
 * one FTS5 table per content type; per type the newest SEARCH_MATCH_CAP matches a visitor may see
 * are ranked with bm25 and cut into a short snippet around the matching words (ADR 0040). Every
 * source is one entry of SEARCH_SOURCES; all of them are read in one D1 batch (one round trip). To search a new content type: give it an FTS5
 * table (a migration with triggers), add its type to SEARCH_TYPES and its source here.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import {
  SEARCH_GROUP_SIZE,
  SEARCH_MATCH_CAP,
  SEARCH_PAGE_SIZE,
  SEARCH_SCAN_CAP,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchGroup,
  type SearchHit,
  type SearchResponse,
  type SearchType,
  type SnippetPart,
} from "../../../shared/schemas/search";
import { pageCount } from "../../../shared/schemas/query";
import { factions, gameInfoArticles, heroes, mediaItems, newsArticles, spells, units } from "../schema";
import { galleryItemPath } from "../../../shared/media-keys";
import { newestMatches } from "./fts-window";
import { visibleOnly } from "../fts";
import { paths } from "@shared/paths";

/** Snippet markers: private-use characters no stored text contains (they are stripped from it). */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const SNIPPET_TOKENS = 16;

type Source = {
  type: SearchType;
  /** The FTS5 table (external content over `table`, rowid = id). */
  fts: string;
  table: SQLiteTable;
  id: SQLiteColumn;
  title: SQLiteColumn;
  /** The value the path is made of (id or slug). */
  key: SQLiteColumn;
  path(key: string | number): string;
  /** Rows a guest may see (published, active). */
  visible: SQL;
  /** Only rows a guest may see, for moderators too (media: a pending item has no page to go to). */
  publicOnly?: boolean;
  /**
   * What kind of thing a wiki row is (a spell's school, a unit's type, a hero's class and type, a
   * faction's alignment), indexed as the FTS table's last columns, and the noun it is shown with
   * ("Fire magic"): a row found only by one of them shows that phrase and the row's own `text`,
   * not the bare word (see `hitSnippet`).
   */
  facet?: { columns: SQLiteColumn[]; noun: string; text: SQL };
};

/** A row's descriptive text: its summary when it has one, else the longer text. */
const summaryOr = (summary: SQLiteColumn, text: SQLiteColumn) => sql<string>`coalesce(nullif(${summary}, ''), ${text})`;

export const SEARCH_SOURCES: readonly Source[] = [
  {
    type: "news",
    fts: "news_fts",
    table: newsArticles,
    id: newsArticles.id,
    title: newsArticles.title,
    key: newsArticles.id,
    path: (id) => paths.newsArticle(id),
    visible: eq(newsArticles.isPublished, true),
  },
  {
    type: "gameinfo",
    fts: "game_info_fts",
    table: gameInfoArticles,
    id: gameInfoArticles.id,
    title: gameInfoArticles.title,
    key: gameInfoArticles.slug,
    path: (slug) => paths.gameInfoArticle(String(slug)),
    visible: eq(gameInfoArticles.isPublished, true),
  },
  {
    type: "faction",
    fts: "faction_fts",
    table: factions,
    id: factions.id,
    title: factions.name,
    key: factions.id,
    path: (id) => paths.faction(id),
    visible: eq(factions.isActive, true),
    facet: { columns: [factions.alignment], noun: "faction", text: summaryOr(factions.summary, factions.description) },
  },
  {
    type: "unit",
    fts: "unit_fts",
    table: units,
    id: units.id,
    title: units.name,
    key: units.id,
    path: (id) => paths.unit(id),
    visible: and(eq(units.isActive, true), sql`EXISTS (SELECT 1 FROM factions f WHERE f.id = ${units.factionId} AND f.is_active = 1)`)!,
    facet: { columns: [units.unitType], noun: "unit", text: summaryOr(units.summary, units.description) },
  },
  {
    type: "hero",
    fts: "hero_fts",
    table: heroes,
    id: heroes.id,
    title: heroes.name,
    key: heroes.id,
    path: (id) => paths.hero(id),
    visible: and(eq(heroes.isActive, true), sql`EXISTS (SELECT 1 FROM factions f WHERE f.id = ${heroes.factionId} AND f.is_active = 1)`)!,
    facet: { columns: [heroes.heroClass, heroes.heroType], noun: "hero", text: summaryOr(heroes.summary, heroes.biography) },
  },
  {
    type: "spell",
    fts: "spell_fts",
    table: spells,
    id: spells.id,
    title: spells.name,
    key: spells.id,
    path: (id) => paths.spell(id),
    visible: eq(spells.isActive, true),
    facet: { columns: [spells.school], noun: "magic", text: sql<string>`${spells.description}` },
  },
  {
    type: "media",
    fts: "media_fts",
    table: mediaItems,
    id: mediaItems.id,
    title: mediaItems.title,
    key: mediaItems.id,
    // The gallery opens the item in its lightbox.
    path: (id) => galleryItemPath(Number(id)),
    visible: eq(mediaItems.isApproved, true),
    publicOnly: true,
  },
];

/** Splits a marked snippet into plain and matching parts (text only: the client never parses HTML). */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const piece of marked.split(OPEN)) {
    const close = piece.indexOf(CLOSE);
    if (close === -1) {
      if (piece) parts.push({ text: piece, match: false });
      continue;
    }
    const match = piece.slice(0, close);
    const rest = piece.slice(close + 1).replaceAll(CLOSE, "");
    if (match) parts.push({ text: match, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  // Whitespace (newlines in content) collapsed, so a snippet reads as one line.
  return parts.map((p) => ({ ...p, text: p.text.replace(/\s+/g, " ") }));
}

/** The first `SNIPPET_TOKENS` words of a text, with "…" when it goes on. */
function leadingWords(text: string): string {
  const words = text.replace(/[\uE000\uE001]/g, "").trim().split(/\s+/).filter(Boolean);
  return words.slice(0, SNIPPET_TOKENS).join(" ") + (words.length > SNIPPET_TOKENS ? "…" : "");
}

/**
 * A hit's snippet. FTS5 cuts it from the column that matched best; when that is the facet alone
 * (the search named the school, type, class or alignment), it would be a single word, so the
 * hit reads "Fire magic · " (the facet marked as the match) followed by the row's own text.
 */
export function hitSnippet(marked: string, facet?: { values: readonly unknown[]; noun: string; text: string | null }): SnippetPart[] {
  const parts = snippetParts(marked);
  const plain = parts.map((p) => p.text).join("").trim().toLowerCase();
  const value = facet?.values.find((v): v is string => typeof v === "string" && v !== "" && v.toLowerCase() === plain);
  if (!facet || !value) return parts;
  const rest = leadingWords(facet.text ?? "");
  return [
    { text: value, match: true },
    { text: ` ${facet.noun}${rest ? ` · ${rest}` : ""}`, match: false },
  ];
}

/**
 * One type's candidates, newest first: the newest SEARCH_SCAN_CAP matches of the FTS index (its
 * rowid order, stopped by the LIMIT: a common word never walks its whole doclist), joined to
 * their rows (CROSS JOIN: the matches drive, each row read by its id), those the caller may see,
 * at most SEARCH_MATCH_CAP + 1 of them (one more says "there are more"). Each carries its bm25
 * rank and snippet; the Worker ranks them and cuts the page. For a guest (and for a public-only
 * type) the index itself is asked for visible records only (its visibility column, migration
 * 0022), so hidden records never fill the window; the row's own test stays as the rule.
 */
function statement(db: Database, source: Source, match: string, includeHidden: boolean) {
  const fts = sql.raw(source.fts);
  const publicOnly = !includeHidden || !!source.publicOnly;
  const candidates = newestMatches(
    source.fts,
    publicOnly ? visibleOnly(match) : match,
    SEARCH_SCAN_CAP,
    sql`bm25(${fts}) AS rank, snippet(${fts}, -1, ${OPEN}, ${CLOSE}, '…', ${sql.raw(String(SNIPPET_TOKENS))}) AS snippet`,
  );
  return db
    .select({
      id: source.id,
      title: source.title,
      // Aliased: the key is often the id column itself, and D1 merges same-name result columns.
      key: sql<string | number>`${source.key}`.as("path_key"),
      visible: sql<number>`(${source.visible})`.as("visible"),
      snippet: sql<string>`m.snippet`.as("snippet"),
      rank: sql<number>`m.rank`.as("rank"),
      facets: source.facet ? sql<string>`json_array(${sql.join(source.facet.columns, sql`, `)})`.as("facets") : sql<null>`NULL`.as("facets"),
      facetText: source.facet ? source.facet.text.as("facet_text") : sql<null>`NULL`.as("facet_text"),
    })
    .from(candidates)
    .crossJoin(source.table)
    .where(and(sql`${source.id} = m.match_id`, publicOnly ? source.visible : undefined))
    .limit(SEARCH_MATCH_CAP + 1);
}

type Candidate = { id: number; title: string; key: string | number; visible: number; snippet: string | null; rank: number; facets: string | null; facetText: string | null };

/**
 * Searches every type (SEARCH_GROUP_SIZE best each) or one type (a page of SEARCH_PAGE_SIZE)
 * in one D1 batch: per type, the candidates above ranked by bm25 (equal ranks newest first),
 * counted up to SEARCH_MATCH_CAP (`capped` past it), and the asked page cut from them. `match` is a safe FTS5 expression (worker/db/fts.ts).
 */
export async function search(
  db: Database,
  q: { query: string; match: string; type?: SearchType; page: number; includeHidden: boolean },
): Promise<SearchResponse> {
  const sources = q.type ? SEARCH_SOURCES.filter((s) => s.type === q.type) : SEARCH_SOURCES;
  const pageSize = q.type ? SEARCH_PAGE_SIZE : SEARCH_GROUP_SIZE;
  const offset = q.type ? (q.page - 1) * pageSize : 0;
  const batch = sources.map((s) => statement(db, s, q.match, q.includeHidden));
  const results = (await db.batch(batch as unknown as [(typeof batch)[number], ...(typeof batch)[number][]])) as unknown as Candidate[][];
  const groups = sources
    .map((source, i) => {
      // Newest first (ids are FTS rowids); one past the cap says there are more.
      const found = results[i]!.sort((a, b) => b.id - a.id);
      const capped = found.length > SEARCH_MATCH_CAP;
      const ranked = found
        .slice(0, SEARCH_MATCH_CAP)
        // bm25 is better when lower; equal ranks keep the newer row first.
        .sort((a, b) => a.rank - b.rank || b.id - a.id)
        .slice(offset, offset + pageSize);
      const items: SearchHit[] = ranked.map((r) => ({
        type: source.type,
        id: r.id,
        title: r.title,
        path: source.path(r.key),
        snippet: hitSnippet(r.snippet ?? "", source.facet && r.facets ? { values: JSON.parse(r.facets) as unknown[], noun: source.facet.noun, text: r.facetText } : undefined),
        visible: !!r.visible,
      }));
      const group: SearchGroup = { type: source.type, label: SEARCH_TYPE_LABELS[source.type], totalCount: Math.min(found.length, SEARCH_MATCH_CAP), items };
      if (capped) group.capped = true;
      return group;
    })
    .filter((g) => g.totalCount > 0)
    .sort((a, b) => SEARCH_TYPES.indexOf(a.type) - SEARCH_TYPES.indexOf(b.type));
  const totalCount = groups.reduce((sum, g) => sum + g.totalCount, 0);
  const response: SearchResponse = {
    query: q.query,
    groups,
    totalCount,
    page: q.page,
    pageSize,
    totalPages: q.type ? pageCount(totalCount, pageSize) : Math.min(totalCount, 1),
  };
  if (groups.some((g) => g.capped)) response.capped = true;
  return response;
}
