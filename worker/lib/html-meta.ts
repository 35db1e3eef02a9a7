/**
 * Injects a page's metadata (worker/lib/seo.ts) into the SPA's index.html with HTMLRewriter:
 * the shell's own title, description, keywords, robots, canonical, Open Graph, Twitter, feed
 * link and JSON-LD elements are removed and the page's are appended to <head>, so crawlers and
 * link previews see them without JavaScript.
 */
import { headTags, type PageMeta } from "@shared/seo";
import { SECURITY_HEADERS } from "./security-headers";

/** Head elements the page's metadata replaces (lol-html takes one selector per handler). */
const REPLACED = [
  "head title",
  'head meta[name="description"]',
  'head meta[name="keywords"]',
  'head meta[name="robots"]',
  'head link[rel="canonical"]',
  'head link[rel="alternate"][type="application/atom+xml"]',
  'head meta[property^="og:"]',
  'head meta[property^="article:"]',
  'head meta[name^="twitter:"]',
  'head script[type="application/ld+json"]',
];

/** Used only when the asset server has no index.html (e.g. tests without a client build). */
export const FALLBACK_SHELL = `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Realm Codex</title>
  </head>
  <body>
    <div id="root"></div>
    <main id="main-content"><div data-page-slot=""></div></main>
    <noscript>Realm Codex needs JavaScript for its interactive pages.</noscript>
  </body>
</html>
`;

/** HTML pages revalidate on every visit (the metadata follows the articles at once). */
export const HTML_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** The id of the script element holding a page's first API answers (read by the SPA). */
export const INITIAL_DATA_ID = "initial-data";
/** The id of the script element holding the API's 404 answers of a page whose item is missing. */
export const INITIAL_MISSING_ID = "initial-missing";
/** The element listing the route's modules for the app loader (APP_LOADER_SCRIPT). */
export const ROUTE_MODULES_ID = "route-modules";
/** The prerendered shell's page slot (PagePending in web/src/app/root-layout.tsx). */
const PAGE_SLOT_SELECTOR = "#main-content > div[data-page-slot]";

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON text made safe for a `<script type="application/json">` element: `<`, `>` and `&` become
 * \u escapes so no text can end the element or open a comment, and U+2028/U+2029 are escaped too
 * (one pass). Outside strings JSON has none of these characters, so the result is still valid
 * JSON that parses back to the same value.
 */
export const scriptSafeJson = (json: string): string => json.replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!);

/** `value` as JSON for a `<script type="application/json">` element (see scriptSafeJson). */
export const scriptJson = (value: unknown): string => scriptSafeJson(JSON.stringify(value));

export type RenderExtras = {
  /**
   * API answers by SWR key, as the JSON text the API sent (not serialized again), written as one
   * object in `<script type="application/json" id="initial-data">`.
   */
  initialData?: readonly { key: string; json: string }[];
  /**
   * The API's 404 answers (its error envelope, as sent) by SWR key, written as one object in
   * `<script type="application/json" id="initial-missing">`: the SPA shows the item's "Not Found"
   * view without asking again.
   */
  initialMissing?: readonly { key: string; json: string }[];
  /** `<link rel="preload">` / stylesheet tags (already escaped) for the end of <head>. */
  preloadTags?: readonly string[];
  /** The route's JS modules, listed in `#route-modules` for the app loader to preload. */
  routeModules?: readonly string[];
  /**
   * The page's first view as HTML (already escaped), painted into the shell's page slot so the
   * content shows before any JavaScript; the app replaces it with the same markup when it runs.
   */
  paint?: string;
  /** Seconds shared caches (the edge) may keep this HTML; browsers still revalidate each visit. */
  sharedMaxAge?: number;
  /**
   * The site settings written into the page (worker/lib/site-html.ts): the configured name for
   * og:site_name and the feed link, and the settings' JSON elements for <head>. Without it the
   * built-in name is used and the settings middleware rewrites the document.
   */
  site?: { name: string; headTags: string };
};

function htmlHeaders(sharedMaxAge = 0): Headers {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": sharedMaxAge > 0 ? `${HTML_CACHE_CONTROL}, s-maxage=${sharedMaxAge}` : HTML_CACHE_CONTROL,
  });
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return headers;
}

/** The asset server's index.html when it is HTML, else the built-in FALLBACK_SHELL. */
function shellSource(shell: Response): Response {
  const isHtml = shell.ok && (shell.headers.get("Content-Type") ?? "").includes("text/html");
  if (isHtml) return shell;
  void shell.body?.cancel();
  return new Response(FALLBACK_SHELL);
}

/** What a page writes into the shell: appended to <head> and <body>, and into the page slot. */
type PageInserts = { head: string; body: string; paint: string };

function pageInserts(meta: PageMeta, extras: RenderExtras): PageInserts {
  const { initialData, initialMissing, preloadTags = [] } = extras;
  let body = "";
  for (const [id, answers] of [[INITIAL_DATA_ID, initialData], [INITIAL_MISSING_ID, initialMissing]] as const) {
    if (!answers?.length) continue;
    const json = `{${answers.map((a) => `${JSON.stringify(a.key)}:${a.json}`).join(",")}}`;
    body += `  <script type="application/json" id="${id}">${scriptSafeJson(json)}</script>\n  `;
  }
  if (extras.routeModules?.length) {
    body += `  <script type="application/json" id="${ROUTE_MODULES_ID}">${scriptJson(extras.routeModules)}</script>\n  `;
  }
  return {
    head: `    ${[headTags(meta, extras.site?.name), ...preloadTags, ...(extras.site ? [extras.site.headTags] : [])].join("\n    ")}\n  `,
    body,
    // U+2028/U+2029 are harmless in HTML text but written as references, like in the JSON.
    paint: extras.paint?.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "&#8232;" : "&#8233;")) ?? "",
  };
}

/** The rewriter that removes the shell's own head elements that a page's metadata replaces. */
function withoutReplaced(): HTMLRewriter {
  let rewriter = new HTMLRewriter();
  for (const selector of REPLACED) rewriter = rewriter.on(selector, { element: (el) => void el.remove() });
  return rewriter;
}

/** The page slot takes painted content: real content, not a placeholder, so no longer busy. */
function fillSlot(el: Element, html: string): void {
  el.removeAttribute("aria-busy");
  el.setInnerContent(html, { html: true });
}

/**
 * The shell with the page's metadata, the given status, the site's security headers and no
 * stale validators from the asset server. `shell` is the asset server's answer for "/"; when it
 * is not an HTML page the built-in FALLBACK_SHELL is used. (Pages served many times use
 * `shellTemplate` + `renderTemplate`, which give the same document without a rewriter pass.)
 */
export function renderPage(shell: Response, meta: PageMeta, status: number, extras: RenderExtras = {}): Response {
  const { head, body, paint } = pageInserts(meta, extras);
  let rewriter = withoutReplaced().on("head", { element: (el) => void el.append(head, { html: true }) });
  if (body) rewriter = rewriter.on("body", { element: (el) => void el.append(body, { html: true }) });
  if (paint) rewriter = rewriter.on(PAGE_SLOT_SELECTOR, { element: (el) => fillSlot(el, paint) });
  return new Response(rewriter.transform(shellSource(shell)).body, { status, headers: htmlHeaders(extras.sharedMaxAge) });
}

/** The shell's text cut at the places a page writes into (in document order). */
type Cuts = { html: string; cuts: { at: number; slot: keyof PageInserts }[] };

/**
 * The shell prepared once for many pages: the head elements a page replaces are gone and the
 * places a page writes into are known offsets, so a page is string concatenation rather than
 * another HTMLRewriter pass over the whole document (the shell carries the entry CSS inline).
 * `painted` has the page slot emptied for painted content; `plain` keeps its placeholder.
 */
export type ShellTemplate = { plain: Cuts; painted: Cuts };

async function cutShell(source: string, painted: boolean): Promise<Cuts> {
  // A marker no shell contains: a comment named by a fresh random id.
  const id = crypto.randomUUID();
  const marker = (slot: keyof PageInserts) => `<!--${id}:${slot}-->`;
  let rewriter = withoutReplaced()
    .on("head", { element: (el) => void el.append(marker("head"), { html: true }) })
    .on("body", { element: (el) => void el.append(marker("body"), { html: true }) });
  if (painted) rewriter = rewriter.on(PAGE_SLOT_SELECTOR, { element: (el) => fillSlot(el, marker("paint")) });
  const marked = await rewriter.transform(new Response(source)).text();
  const result: Cuts = { html: "", cuts: [] };
  let last = 0;
  for (const match of marked.matchAll(new RegExp(`<!--${id}:(head|body|paint)-->`, "g"))) {
    result.html += marked.slice(last, match.index);
    result.cuts.push({ at: result.html.length, slot: match[1] as keyof PageInserts });
    last = match.index + match[0].length;
  }
  result.html += marked.slice(last);
  return result;
}

/** Prepares the asset server's index.html (or FALLBACK_SHELL when it is not HTML) for `renderTemplate`. */
export async function shellTemplate(shell: Response): Promise<ShellTemplate> {
  const source = await shellSource(shell).text();
  const [plain, painted] = await Promise.all([cutShell(source, false), cutShell(source, true)]);
  return { plain, painted };
}

/**
 * The same document as `renderPage` on the shell the template was made from, with its strong
 * validator: an ETag that is the SHA-1 of the document, taken from the string at hand (so the
 * etag middleware and the edge cache need not read the body back and hash it in chunks).
 */
export async function renderTemplate(template: ShellTemplate, meta: PageMeta, status: number, extras: RenderExtras = {}): Promise<Response> {
  const inserts = pageInserts(meta, extras);
  const { html, cuts } = inserts.paint ? template.painted : template.plain;
  let out = "";
  let last = 0;
  for (const { at, slot } of cuts) {
    out += html.slice(last, at) + inserts[slot];
    last = at;
  }
  out += html.slice(last);
  const body = new TextEncoder().encode(out);
  const headers = htmlHeaders(extras.sharedMaxAge);
  headers.set("ETag", `"${hex(await crypto.subtle.digest("SHA-1", body))}"`);
  return new Response(body, { status, headers });
}

const hex = (digest: ArrayBuffer) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The shell as it is (no page metadata or data), 200, with the site's headers. */
export function renderPlainShell(shell: Response): Response {
  return new Response(shellSource(shell).body, { status: 200, headers: htmlHeaders() });
}
