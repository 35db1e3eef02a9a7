/**
 * The HTML document of a page: the SPA's index.html (the build's shell: its scripts, styles and
 * static head) with the page written into it. The shell's own page metadata is replaced by the
 * page's (`headTags`, so crawlers and link previews see it without JavaScript), the app's markup
 * rendered by React goes into #root, and the first view's API answers, the site settings and the
 * route's modules go in as JSON elements.
 */
import { INITIAL_DATA_ID, INITIAL_MISSING_ID, ROUTE_ERROR_ID, ROUTE_MODULES_ID } from "@shared/page-data";
import { headTags, PAGE_HEAD_SELECTORS, type PageMeta } from "@shared/seo";
import { SECURITY_HEADERS } from "../lib/security-headers";

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
    <noscript>This site needs JavaScript for its interactive pages.</noscript>
  </body>
</html>
`;

/** HTML pages revalidate on every visit (the metadata follows the articles at once). */
export const HTML_CACHE_CONTROL = "public, max-age=0, must-revalidate";

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

export type PageParts = {
  /** The app's markup for #root, rendered by React (escaped by React). Empty: the plain shell. */
  root?: string;
  /**
   * API answers by SWR key, as the JSON text the API sent (not serialized again), written as one
   * object in `<script type="application/json" id="initial-data">`.
   */
  initialData?: readonly { key: string; json: string }[];
  /** The API's 404 answers (its error envelope, as sent) by SWR key, in `id="initial-missing"`. */
  initialMissing?: readonly { key: string; json: string }[];
  /** The page route's error (its loader failed), in `id="route-error"` for the browser's router. */
  routeError?: { id: string; status: number; data: unknown } | null;
  /** `<link rel="preload">` / stylesheet tags (already escaped) for the end of <head>. */
  preloadTags?: readonly string[];
  /** The route's JS modules, listed in `#route-modules` for the app loader to preload. */
  routeModules?: readonly string[];
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

/** What a page writes into the shell: appended to <head> and <body>, and into #root. */
type Inserts = { head: string; body: string; root: string };

function inserts(meta: PageMeta, parts: PageParts): Inserts {
  const { initialData, initialMissing, preloadTags = [] } = parts;
  let body = "";
  for (const [id, answers] of [[INITIAL_DATA_ID, initialData], [INITIAL_MISSING_ID, initialMissing]] as const) {
    if (!answers?.length) continue;
    const json = `{${answers.map((a) => `${JSON.stringify(a.key)}:${a.json}`).join(",")}}`;
    body += `  <script type="application/json" id="${id}">${scriptSafeJson(json)}</script>\n  `;
  }
  if (parts.routeError) {
    body += `  <script type="application/json" id="${ROUTE_ERROR_ID}">${scriptJson(parts.routeError)}</script>\n  `;
  }
  if (parts.routeModules?.length) {
    body += `  <script type="application/json" id="${ROUTE_MODULES_ID}">${scriptJson(parts.routeModules)}</script>\n  `;
  }
  return {
    head: `    ${[headTags(meta, parts.site?.name), ...preloadTags, ...(parts.site ? [parts.site.headTags] : [])].join("\n    ")}\n  `,
    body,
    // U+2028/U+2029 are harmless in HTML text but written as references, like in the JSON.
    root: parts.root?.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "&#8232;" : "&#8233;")) ?? "",
  };
}

/** The rewriter that removes the shell's own head elements that a page's metadata replaces (run once per shell). */
function withoutReplaced(): HTMLRewriter {
  let rewriter = new HTMLRewriter();
  for (const selector of PAGE_HEAD_SELECTORS) rewriter = rewriter.on(selector, { element: (el) => void el.remove() });
  return rewriter;
}

/**
 * The shell prepared once for many pages: the head elements a page replaces are gone and the
 * places a page writes into are known offsets, so a page is string concatenation rather than
 * another HTMLRewriter pass over the whole document (the shell carries the entry CSS inline).
 */
export type ShellTemplate = { html: string; cuts: { at: number; slot: keyof Inserts }[] };

/** Prepares the asset server's index.html (or FALLBACK_SHELL when it is not HTML) for `renderTemplate`. */
export async function shellTemplate(shell: Response): Promise<ShellTemplate> {
  // A marker no shell contains: a comment named by a fresh random id.
  const id = crypto.randomUUID();
  const marker = (slot: keyof Inserts) => `<!--${id}:${slot}-->`;
  const marked = await withoutReplaced()
    .on("head", { element: (el) => void el.append(marker("head"), { html: true }) })
    .on("body", { element: (el) => void el.append(marker("body"), { html: true }) })
    .on("#root", { element: (el) => void el.setInnerContent(marker("root"), { html: true }) })
    .transform(shellSource(shell))
    .text();
  const template: ShellTemplate = { html: "", cuts: [] };
  let last = 0;
  for (const match of marked.matchAll(new RegExp(`<!--${id}:(head|body|root)-->`, "g"))) {
    template.html += marked.slice(last, match.index);
    template.cuts.push({ at: template.html.length, slot: match[1] as keyof Inserts });
    last = match.index + match[0].length;
  }
  template.html += marked.slice(last);
  return template;
}

/**
 * The page's document: the template's shell with the page's head, #root and data written into
 * it, with its strong validator: an ETag that is the SHA-1 of the document, taken from the string at hand (so the
 * etag middleware and the edge cache need not read the body back and hash it in chunks).
 */
export async function renderTemplate(template: ShellTemplate, meta: PageMeta, status: number, parts: PageParts = {}): Promise<Response> {
  const values = inserts(meta, parts);
  let out = "";
  let last = 0;
  for (const { at, slot } of template.cuts) {
    out += template.html.slice(last, at) + values[slot];
    last = at;
  }
  out += template.html.slice(last);
  const body = new TextEncoder().encode(out);
  const headers = htmlHeaders(parts.sharedMaxAge);
  headers.set("ETag", `"${hex(await crypto.subtle.digest("SHA-1", body))}"`);
  return new Response(body, { status, headers });
}

const hex = (digest: ArrayBuffer) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The shell as it is (no page metadata or data), 200, with the site's headers: the app renders in the browser. */
export function renderPlainShell(shell: Response): Response {
  return new Response(shellSource(shell).body, { status: 200, headers: htmlHeaders() });
}
