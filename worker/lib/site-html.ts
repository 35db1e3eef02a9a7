/**
 * The site settings applied to every HTML page the Worker serves: the configured site name and
 * description replace the built-in ones in the title and share metadata, the public settings
 * travel in the page (so the SPA knows them without an API call), and while maintenance mode
 * is on, pages answer 503 with Retry-After and the app's maintenance screen, rendered by React
 * like any page (the SPA then lets moderators and admins, who sign in with a token the server
 * cannot see here, work as usual).
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { openDatabase } from "../db/client";
import { getSettings } from "../db/queries/settings";
import type { AppEnv, CommentsWidgetSettings } from "../env";
import { toPublicSettings, type PublicSiteSettings } from "../../shared/schemas/settings";
import { escapeHtml, isGenericDescription, jsonLdText, SITE_NAME, withSiteName } from "@shared/seo";
import { SETTINGS_ELEMENT_ID } from "@shared/page-data";

/** The element id of the comment widget's tenant and region (read by web/src/lib/fastcomments.ts). */
export const COMMENTS_WIDGET_ELEMENT_ID = "comments-widget";

/**
 * Marks HTML that already carries the site settings (pages rendered from the shell template,
 * worker/pages): the middleware then sends it as it is instead of rewriting the whole document.
 * Internal: the middleware removes it before the response leaves.
 */
export const BRANDED_HEADER = "X-Site-Branded";

/** The public settings (and, while comments are on, the comment widget's) as JSON elements for <head>. */
export function siteHeadTags(site: PublicSiteSettings, widget?: CommentsWidgetSettings): string {
  let tags = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${jsonLdText(site)}</script>`;
  if (widget && site.enableComments) tags += `<script type="application/json" id="${COMMENTS_WIDGET_ELEMENT_ID}">${jsonLdText(widget)}</script>`;
  return tags;
}


type TextHandler = { text(chunk: Text): void };

/**
 * Collects an element's text and replaces it once complete (lol-html delivers text in chunks).
 * The text is the document's source (entities still escaped), and so is what `map` returns.
 */
function replaceSourceText(map: (source: string) => string): TextHandler {
  let buffer = "";
  return {
    text(chunk) {
      buffer += chunk.text;
      chunk.remove();
      if (chunk.lastInTextNode) {
        chunk.after(map(buffer), { html: true });
        buffer = "";
      }
    },
  };
}

/**
 * Rewrites an HTML response with the site's name, description and public settings, and (while
 * comments are on) the comment widget's tenant and region.
 */
export function brandHtml(res: Response, site: PublicSiteSettings, widget?: CommentsWidgetSettings): Response {
  // Source text and attribute values are still escaped: the replacement name is escaped too.
  const escapedName = escapeHtml(site.siteName);
  const rename = (source: string) => withSiteName(source, escapedName);
  const describe = (source: string) =>
    site.siteDescription && isGenericDescription(source) ? escapeHtml(site.siteDescription) : source;
  const content = (map: (text: string) => string) => ({
    element(el: Element) {
      const value = el.getAttribute("content");
      if (value !== null) el.setAttribute("content", map(value));
    },
  });
  const rewriter = new HTMLRewriter()
    .on("head title", replaceSourceText(rename))
    .on('meta[property="og:title"]', content(rename))
    .on('meta[name="twitter:title"]', content(rename))
    .on('meta[property="og:site_name"]', content(() => escapedName))
    .on('link[rel="alternate"][type="application/atom+xml"]', {
      element(el) {
        if (site.siteName !== SITE_NAME) el.setAttribute("title", `${escapedName} News`);
      },
    })
    .on('meta[name="description"]', content(describe))
    .on('meta[property="og:description"]', content(describe))
    .on('meta[name="twitter:description"]', content(describe))
    .on("head", { element: (el) => void el.append(siteHeadTags(site, widget), { html: true }) });
  return rewriter.transform(res);
}

/** A short fingerprint of the public settings (FNV-1a over their JSON, base 36). */
export function settingsFingerprint(site: PublicSiteSettings): string {
  let hash = 0x811c9dc5;
  const text = JSON.stringify(site);
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The page's validator extended with the settings' fingerprint: a settings change is a new version. */
export function pageEtag(etag: string | null, fingerprint: string): string | null {
  const match = etag?.match(/^(W\/)?"([^"]*)"$/);
  return match ? `${match[1] ?? ""}"${match[2]}-s${fingerprint}"` : null;
}

/**
 * The browser's If-None-Match as the handlers inside know their pages (without the settings):
 * page validators of the current settings lose the fingerprint, those of other settings are
 * dropped (the page must be sent again); other validators (feeds, sitemap) stay as they are.
 */
export function innerValidators(header: string, fingerprint: string): { header: string; pages: boolean } {
  let pages = false;
  const kept: string[] = [];
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    const page = tag.match(/^(W\/)?"([^"]*)-s([0-9a-z]+)"$/);
    if (!page) {
      if (tag) kept.push(tag);
      continue;
    }
    pages = true;
    if (page[3] === fingerprint) kept.push(`${page[1] ?? ""}"${page[2]}"`);
  }
  return { header: kept.join(", "), pages };
}

/**
 * Middleware of the site's pages (mounted in worker/index.ts after the routes that are not
 * pages: the API, R2 files, robots.txt, the comment frame). Settings come from the isolate's short
 * cache (no D1 read in the steady state); if they cannot be read, pages are served unchanged.
 *
 * A page's ETag covers the settings written into it (`pageEtag`): the handlers inside (page
 * registry, asset server) only know the page without them and answer 304 only when both the
 * page and the settings are unchanged. Otherwise a browser holding a page from before a settings
 * change would keep being told that its copy (with the old settings) is current.
 */
export const siteHtml = (maintenancePage: (c: Context<AppEnv>) => Promise<Response>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    let site: PublicSiteSettings;
    try {
      site = toPublicSettings(await getSettings(openDatabase(c.env.DB)));
    } catch (err) {
      console.error(JSON.stringify({ level: "error", where: "site-html", error: String(err) }));
      return next();
    }
    const fingerprint = settingsFingerprint(site);
    const widget = { tenantId: c.env.FASTCOMMENTS_TENANT_ID, region: c.env.FASTCOMMENTS_REGION === "eu" ? ("eu" as const) : null };
    c.set("site", { settings: site, widget, fingerprint });
    if (site.maintenanceMode && (c.req.method === "GET" || c.req.method === "HEAD")) {
      const page = await maintenancePage(c);
      page.headers.delete(BRANDED_HEADER);
      return page;
    }
    const ifNoneMatch = c.req.header("If-None-Match");
    const validators = ifNoneMatch ? innerValidators(ifNoneMatch, fingerprint) : null;
    if (validators?.pages) {
      const headers = new Headers(c.req.raw.headers);
      if (validators.header) headers.set("If-None-Match", validators.header);
      else headers.delete("If-None-Match");
      c.req.raw = new Request(c.req.raw, { headers });
    }
    await next();
    if (c.res.status === 304) {
      // Unchanged page and settings: the validator handed out is the combined one.
      if (!validators?.pages) return;
      c.res = new Response(null, { status: 304, headers: c.res.headers });
    } else if (c.res.headers.has(BRANDED_HEADER)) {
      // A page rendered with these settings (its edge cache entry is keyed by their fingerprint).
      c.res.headers.delete(BRANDED_HEADER);
    } else if ((c.res.headers.get("Content-Type") ?? "").includes("text/html")) {
      c.res = new Response(brandHtml(c.res, site, widget).body, { status: c.res.status, headers: c.res.headers });
      // Hono carries the previous answer's headers over: the body changed, its length no longer fits.
      c.res.headers.delete("Content-Length");
    } else {
      return;
    }
    const etag = pageEtag(c.res.headers.get("ETag"), fingerprint);
    if (etag) c.res.headers.set("ETag", etag);
    else c.res.headers.delete("ETag");
  });
