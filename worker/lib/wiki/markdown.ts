import MarkdownIt from "markdown-it";
import type { Env, MarkdownIt as Markdown, StateBlock, StateCore, StateInline, Token } from "markdown-it";
import { allowedImageSrc } from "@shared/image-source";
import { parseStatCard, parseWikiLink, type TocEntry, type WikiRef } from "@shared/wiki-syntax";

/**
 * Markdown for guide and news bodies, rendered on the Worker (docs/design/wiki.md,
 * docs/decisions/0059-markdown-with-markdown-it.md):
 * - CommonMark with GFM tables and strikethrough; raw HTML is shown as text (`html: false`), a
 *   line break in a paragraph stays a line break (bodies written as plain text read as before);
 * - headings are h2–h4 (the page title is the h1): `#` is h2, anything deeper than h4 is h4; each
 *   has a stable id from its text, and the list of them is the table of contents;
 * - links are http(s), mailto or the site's own paths; external ones get `rel="nofollow ugc
 *   noopener"`; any other scheme leaves the text as written;
 * - images come from the site's files or an allowed host, else their alt text is shown;
 * - wiki links and stat cards (shared/wiki-syntax.ts) become tokens the caller resolves in one
 *   batched read, then renders with `renderWiki`;
 * - nesting (lists, quotes, emphasis) stops at MAX_NESTING levels, so any body is bounded work.
 */

export const MAX_NESTING = 20;

export type { TocEntry };

/** A resolved wiki link: where it goes and the record's current name, or why it goes nowhere. */
export type LinkTarget = { href: string; name: string } | { broken: "missing" | "hidden" };
/** A resolved stat card's markup (built by ./cards.ts), or null for a record a reader cannot see. */
export type CardHtml = string | null;

export type WikiResolution = {
  links: ReadonlyMap<string, LinkTarget>;
  cards: ReadonlyMap<string, CardHtml>;
  imageHosts: readonly string[];
};

export type ParsedBody = {
  tokens: Token[];
  links: WikiRef[];
  cards: { type: "unit" | "hero" | "spell"; id: number; key: string }[];
  toc: TocEntry[];
};

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;
const isExternal = (href: string) => SAFE_LINK.test(href);
/** A token attribute as text. */
const attr = (token: Token, name: string): string => String(token.attrGet(name) ?? "");
/** The resolution a render was given (markdown-it types its env loosely). */
const resolution = (env: Env | undefined) => env as WikiResolution;
const isSitePath = (href: string) => /^\/(?!\/)/.test(href) || href.startsWith("#");

/** `[[…]]`: a wiki_link token with the parsed reference; left as text when it cannot be one. */
function wikiLinkRule(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x5b || src.charCodeAt(pos + 1) !== 0x5b) return false;
  const end = src.indexOf("]]", pos + 2);
  if (end === -1) return false;
  const inner = src.slice(pos + 2, end);
  if (/[[\]\n]/.test(inner)) return false;
  const ref = parseWikiLink(inner);
  if (!ref) return false;
  if (!silent) {
    const token = state.push("wiki_link", "", 0);
    token.meta = ref;
    token.content = inner;
  }
  state.pos = end + 2;
  return true;
}

/** `{{unit:12}}` alone on its line: a stat_card block token. */
function statCardRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const line = state.src.slice(start, state.eMarks[startLine]);
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const card = parseStatCard(line);
  if (!card) return false;
  if (silent) return true;
  const token = state.push("stat_card", "", 0);
  token.meta = { ...card, key: `${card.type}:${card.id}` };
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

/** The text of an inline token's children, as a reader sees it. */
const plainText = (inline: Token | undefined): string =>
  (inline?.children ?? [])
    .map((t) => (t.type === "wiki_link" ? ((t.meta as WikiRef).label ?? (t.meta as WikiRef).name ?? t.content) : t.content))
    .join("")
    .trim();

const slugify = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80) || "section";

/** Clamps heading levels to h2–h4 and gives each an id unique in the body; collects the contents. */
function headingRule(state: StateCore): void {
  const used = new Map<string, number>();
  const toc: TocEntry[] = [];
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    if (open.type !== "heading_open") continue;
    const level = Math.min(4, Math.max(2, Number(open.tag.slice(1)))) as 2 | 3 | 4;
    open.tag = `h${level}`;
    // A heading is always heading_open, its inline content, heading_close.
    const close = tokens[i + 2];
    if (close?.type === "heading_close") close.tag = open.tag;
    const text = plainText(tokens[i + 1]);
    const base = slugify(text);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const id = n === 1 ? base : `${base}-${n}`;
    open.attrSet("id", id);
    toc.push({ id, text, level });
  }
  (state.env as { toc?: TocEntry[] }).toc = toc;
}

function createMarkdown(): Markdown {
  const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false, breaks: true, maxNesting: MAX_NESTING });
  md.validateLink = (url) => SAFE_LINK.test(url) || isSitePath(url);
  md.inline.ruler.before("link", "wiki_link", wikiLinkRule);
  md.block.ruler.before("paragraph", "stat_card", statCardRule, { alt: ["paragraph", "reference", "blockquote", "list"] });
  md.core.ruler.push("wiki_headings", headingRule);

  const escape = md.utils.escapeHtml;
  const renderToken = md.renderer.renderToken.bind(md.renderer);
  md.renderer.rules.link_open = (tokens, idx, options) => {
    const token = tokens[idx]!;
    if (isExternal(attr(token, "href"))) token.attrSet("rel", "nofollow ugc noopener");
    return renderToken(tokens, idx, options);
  };
  md.renderer.rules.image = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    const alt = plainText(token);
    const src = allowedImageSrc(attr(token, "src"), resolution(env).imageHosts);
    if (!src) return alt ? `<span class="wiki-image-blocked">${escape(alt)}</span>` : "";
    const title = attr(token, "title");
    return `<img src="${escape(src)}" alt="${escape(alt)}"${title ? ` title="${escape(title)}"` : ""} loading="lazy" decoding="async">`;
  };
  md.renderer.rules.wiki_link = (tokens, idx, _options, env) => {
    const ref = tokens[idx]!.meta as WikiRef;
    const target = resolution(env).links.get(ref.key);
    if (target && "href" in target) {
      const text = ref.label ?? (ref.id !== null ? target.name : (ref.name ?? target.name));
      return `<a href="${escape(target.href)}" class="wiki-link">${escape(text)}</a>`;
    }
    const text = ref.label ?? ref.name ?? tokens[idx]!.content;
    return `<span class="wiki-missing" title="Page not found">${escape(text)}</span>`;
  };
  md.renderer.rules.stat_card = (tokens, idx, _options, env) => {
    const meta = tokens[idx]!.meta as { key: string };
    const card = resolution(env).cards.get(meta.key);
    return card ?? `<p><span class="wiki-missing" title="Page not found">${escape(meta.key)}</span></p>\n`;
  };
  return md;
}

let markdown: Markdown | undefined;
const instance = () => (markdown ??= createMarkdown());

/** Parses a body: its tokens, the references to resolve and the table of contents. */
export function parseWiki(body: string): ParsedBody {
  const env: { toc?: TocEntry[] } = {};
  const tokens = instance().parse(body, env);
  const links = new Map<string, WikiRef>();
  const cards = new Map<string, ParsedBody["cards"][number]>();
  const visit = (list: Token[] | null) => {
    for (const token of list ?? []) {
      if (token.type === "wiki_link") links.set((token.meta as WikiRef).key, token.meta as WikiRef);
      else if (token.type === "stat_card") cards.set((token.meta as { key: string }).key, token.meta as ParsedBody["cards"][number]);
      else visit(token.children);
    }
  };
  visit(tokens);
  return { tokens, links: [...links.values()], cards: [...cards.values()], toc: env.toc ?? [] };
}

/** The body's HTML, its references resolved. */
export const renderWiki = (parsed: ParsedBody, resolution: WikiResolution): string =>
  instance().renderer.render(parsed.tokens, instance().options, resolution);

/** The words of a body without its markup (what search indexes). */
export function wikiPlainText(body: string): string {
  const words: string[] = [];
  const visit = (list: Token[] | null) => {
    for (const token of list ?? []) {
      if (token.type === "text" || token.type === "code_inline" || token.type === "code_block" || token.type === "fence") words.push(token.content);
      else if (token.type === "wiki_link") {
        const ref = token.meta as WikiRef;
        words.push(ref.label ?? ref.name ?? "");
      } else if (token.type === "image") {
        words.push(plainText(token));
        continue;
      } else if (token.type === "softbreak" || token.type === "hardbreak" || token.nesting === -1) words.push(" ");
      visit(token.children);
    }
  };
  visit(instance().parse(body, {}));
  return words.join(" ").replace(/\s+/g, " ").trim();
}

/** Escapes text for HTML (the Markdown library's own escaping). */
export const escapeHtml = (text: string): string => instance().utils.escapeHtml(text);
