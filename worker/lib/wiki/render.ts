import type { Database } from "../../db/client";
import { getSettings } from "../../db/queries/settings";
import { keepWikiLinks, readWikiTargets, resolveRef, type LinkSourceRow, type WikiRecord, type WikiSource } from "../../db/queries/wiki-links";
import { paths } from "@shared/paths";
import type { BrokenReason, RenderedContent, WikiType } from "@shared/wiki-syntax";
import { statCardHtml } from "./cards";
import { parseWiki, renderWiki, type CardHtml, type LinkTarget, type TocEntry } from "./markdown";

/** A rendered body: its HTML, the table of contents (shown from TOC_MIN headings) and the editor's warnings. */
export type RenderedBody = {
  html: string;
  toc: TocEntry[];
  warnings: { text: string; reason: BrokenReason }[];
  /** The stored body has references but no stored links yet (seeded or written before links were kept). */
  unindexed: boolean;
};

/** A body with fewer headings than this shows no table of contents. */
export const TOC_MIN = 3;

/** The page of a record a wiki link points at. */
export function wikiHref(record: Pick<WikiRecord, "type" | "id" | "slug">): string {
  switch (record.type) {
    case "unit":
      return paths.unit(record.id);
    case "hero":
      return paths.hero(record.id);
    case "spell":
      return paths.spell(record.id);
    case "faction":
      return paths.faction(record.id);
    case "guide":
      return paths.gameInfoArticle(record.slug ?? String(record.id));
  }
}

/** The page of a guide or news article that holds wiki links. */
export const sourceHref = (source: Pick<LinkSourceRow, "type" | "id" | "slug">): string =>
  source.type === "guide" ? wikiHref({ type: "guide", id: source.id, slug: source.slug ?? undefined }) : paths.newsArticle(source.id);

/** Stores what a saved body links to and embeds (every create and update of a guide or article). */
export async function keepBodyLinks(db: Database, source: WikiSource, body: string): Promise<void> {
  const parsed = parseWiki(body);
  await keepWikiLinks(db, source, parsed.links, parsed.cards);
}

/**
 * Renders a guide's or an article's body for readers: parse, one batched read of everything it
 * references (plus the settings, usually cached), then HTML. `source` is the stored body (its
 * saved links let a link by name survive a rename); null for an editor's preview.
 */
export async function renderBody(db: Database, body: string, source: WikiSource | null): Promise<RenderedBody> {
  const parsed = parseWiki(body);
  const { records, stored, indexed, settings } =
    parsed.links.length || parsed.cards.length
      ? await readWikiTargets(db, parsed.links, parsed.cards, source)
      : { records: [], stored: new Map<string, { type: WikiType; id: number }>(), indexed: true, settings: await getSettings(db) };
  const links = new Map<string, LinkTarget>();
  const warnings: RenderedBody["warnings"] = [];
  for (const ref of parsed.links) {
    const { record, broken } = resolveRef(ref, records, stored);
    if (broken) warnings.push({ text: ref.label ?? ref.name ?? ref.key, reason: broken });
    links.set(ref.key, record && record.visible ? { href: wikiHref(record), name: record.name } : { broken: broken === "hidden" ? "hidden" : "missing" });
  }
  const cards = new Map<string, CardHtml>();
  for (const card of parsed.cards) {
    const record = records.find((r) => r.type === card.type && r.id === card.id);
    if (!record || !record.visible) warnings.push({ text: card.key, reason: record ? "hidden" : "missing" });
    cards.set(card.key, record && record.visible ? statCardHtml(record, wikiHref(record), settings.imageHosts) : null);
  }
  const html = renderWiki(parsed, { links, cards, imageHosts: settings.imageHosts });
  return { html, toc: parsed.toc.length >= TOC_MIN ? parsed.toc : [], warnings, unindexed: !!source && !indexed };
}

/**
 * A stored guide or article with its body rendered for readers. A body whose links were never
 * stored (demo content, bodies older than the links table) has them stored after the answer
 * (`defer`, the request's waitUntil): once per body, since every store leaves a row per reference.
 */
export async function withRenderedBody<T extends { id: number; content: string }>(
  db: Database,
  type: WikiSource["type"],
  record: T,
  defer: (work: Promise<unknown>) => void,
): Promise<T & RenderedContent> {
  const source = { type, id: record.id };
  const { html, toc, unindexed } = await renderBody(db, record.content, source);
  if (unindexed) defer(keepBodyLinks(db, source, record.content).catch((err: unknown) => console.error("Storing a body's wiki links failed", err)));
  return { ...record, contentHtml: html, toc };
}
