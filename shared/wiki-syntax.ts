/**
 * The wiki syntax of guide and news bodies, beside Markdown (docs/design/wiki.md):
 * - `[[Pikeguard]]`: a link by name, looked up among units, heroes, spells, factions and guides
 *   in that order (WIKI_NAME_ORDER);
 * - `[[unit:12]]`, `[[spell:Fireball]]`, `[[guide:combat-basics]]`: a link to one type, by id or
 *   by name (a guide by slug or title);
 * - `[[hero:3|the old general]]`: any of the above with the text to show;
 * - `{{unit:12}}`, `{{hero:3}}`, `{{spell:7}}` on a line of their own: the record's live stat card.
 * Pure: the Worker renders with it and the editor builds and checks references with it.
 */

export const WIKI_TYPES = ["unit", "hero", "spell", "faction", "guide"] as const;
export type WikiType = (typeof WIKI_TYPES)[number];

/** A bare name is looked up in this order; the first type with a match wins (then the lowest id). */
export const WIKI_NAME_ORDER: readonly WikiType[] = WIKI_TYPES;

/** What a stat card can show. */
export const CARD_TYPES = ["unit", "hero", "spell"] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Longest reference between the brackets, and most distinct references one body resolves. */
export const WIKI_REF_MAX_LENGTH = 200;
export const WIKI_REFS_MAX = 200;

/** Why a reference shows as text instead of a link. */
export type BrokenReason = "missing" | "hidden" | "ambiguous";

/** A reference as written: to a type (or any, for a bare name), by id or by name. */
export type WikiRef = {
  type: WikiType | null;
  id: number | null;
  name: string | null;
  /** The text to show instead of the record's name. */
  label: string | null;
  /** The reference without its label, in one spelling: the key a body's links are stored under. */
  key: string;
};

const isWikiType = (value: string): value is WikiType => (WIKI_TYPES as readonly string[]).includes(value);

/** Folds case as SQLite's NOCASE does (ASCII letters only), so both sides agree on what matches. */
export const foldName = (name: string): string => name.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Reads what is between `[[` and `]]`; null for an empty or overlong reference. */
export function parseWikiLink(inner: string): WikiRef | null {
  if (inner.length === 0 || inner.length > WIKI_REF_MAX_LENGTH) return null;
  const bar = inner.indexOf("|");
  const target = (bar === -1 ? inner : inner.slice(0, bar)).trim();
  const label = bar === -1 ? null : inner.slice(bar + 1).trim() || null;
  if (!target) return null;
  const colon = target.indexOf(":");
  const prefix = colon === -1 ? "" : target.slice(0, colon).trim().toLowerCase();
  if (colon !== -1 && isWikiType(prefix)) {
    const rest = target.slice(colon + 1).trim();
    if (!rest) return null;
    const id = /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : null;
    return { type: prefix, id, name: id === null ? rest : null, label, key: `${prefix}:${id ?? foldName(rest)}` };
  }
  return { type: null, id: null, name: target, label, key: foldName(target) };
}

/** Reads `{{type:id}}` (the whole line, trimmed); null for anything else. */
export function parseStatCard(line: string): { type: CardType; id: number } | null {
  const match = /^\{\{\s*(unit|hero|spell)\s*:\s*([1-9]\d{0,9})\s*\}\}$/.exec(line.trim());
  return match ? { type: match[1] as CardType, id: Number(match[2]) } : null;
}

/** The text a toolbar inserts for a link to a record (by id, so a rename keeps it). */
export const wikiLinkText = (type: WikiType, id: number, label?: string): string => `[[${type}:${id}${label ? `|${label}` : ""}]]`;
export const statCardText = (type: CardType, id: number): string => `{{${type}:${id}}}`;

/** What holds a body with wiki links. */
export const WIKI_SOURCE_TYPES = ["guide", "news"] as const;
export type WikiSourceType = (typeof WIKI_SOURCE_TYPES)[number];

/** A heading of a rendered body (the table of contents links its id). */
export type TocEntry = { id: string; text: string; level: 2 | 3 | 4 };

/** What a read of a guide or article adds to its stored body: the body as readers see it. */
export type RenderedContent = { contentHtml: string; toc: TocEntry[] };
