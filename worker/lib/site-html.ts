/**
 * The site settings applied to every HTML page the Worker serves: the configured site name and
 * description replace the built-in ones in the title and share metadata, the public settings
 * travel in the page (so the SPA knows them without an API call), and while maintenance mode
 * is on, pages answer 503 with Retry-After and the maintenance message (the SPA then lets
 * moderators and admins, who sign in with a token the server cannot see here, work as usual).
 */
import { createMiddleware } from "hono/factory";
import { openDatabase } from "../db/client";
import { getSettings } from "../db/queries/settings";
import type { AppEnv } from "../env";
import { MAINTENANCE_RETRY_AFTER_SECONDS } from "../middleware/maintenance";
import { toPublicSettings, type PublicSiteSettings } from "../schemas/settings";
import { escapeHtml, isGenericDescription, jsonLdText, noindexMeta, SITE_NAME, withSiteName } from "@shared/seo";
import { renderPage } from "./html-meta";

/** The element id of the public settings JSON in every served page (read by web/src/lib/site-settings.ts). */
export const SETTINGS_ELEMENT_ID = "site-settings";
/** The element id of the comment widget's tenant and region (read by web/src/lib/fastcomments.ts). */
export const COMMENTS_WIDGET_ELEMENT_ID = "comments-widget";
/** The comment widget's public settings: a guest's widget starts from them without an API call. */
export type CommentsWidgetSettings = { tenantId: string; region: "eu" | null };

/** The element id of the maintenance notice in a maintenance page (removed by the SPA's shell). */
export const MAINTENANCE_NOTICE_ID = "maintenance-notice";

/** Paths that are not pages: the API, R2 files, and robots.txt (crawlers must keep reading it). */
const NOT_PAGES = /^\/(api|files)(\/|$)|^\/robots\.txt$/;

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
    .on("head", {
      element: (el) => {
        el.append(`<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${jsonLdText(site)}</script>`, { html: true });
        if (widget && site.enableComments) {
          el.append(`<script type="application/json" id="${COMMENTS_WIDGET_ELEMENT_ID}">${jsonLdText(widget)}</script>`, { html: true });
        }
      },
    });
  return rewriter.transform(res);
}

/** The SPA's shell answered 503 with the maintenance message in place of the app. */
export function maintenancePage(shell: Response, site: PublicSiteSettings): Response {
  const page = renderPage(
    shell,
    noindexMeta("Maintenance", site.maintenanceMessage),
    503,
  );
  const notice =
    `<div style="max-width:40rem;margin:4rem auto;padding:0 1rem;font-family:system-ui,sans-serif;text-align:center">` +
    `<h1>${escapeHtml(site.siteName || SITE_NAME)} is under maintenance</h1>` +
    `<p>${escapeHtml(site.maintenanceMessage)}</p></div>`;
  // Beside the app's root (the prerendered shell there must stay as built, for hydration); the
  // SPA removes the notice once it runs and shows moderators the site, everyone else its own screen.
  const withNotice = new HTMLRewriter()
    .on("#root", { element: (el) => void el.before(`<div id="${MAINTENANCE_NOTICE_ID}">${notice}</div>`, { html: true }) })
    .transform(page);
  const res = brandHtml(withNotice, site);
  const headers = new Headers(res.headers);
  headers.set("Retry-After", String(MAINTENANCE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(res.body, { status: 503, headers });
}

/**
 * Middleware for everything outside /api and /files. Settings come from the isolate's short
 * cache (no D1 read in the steady state); if they cannot be read, pages are served unchanged.
 */
export const siteHtml = createMiddleware<AppEnv>(async (c, next) => {
  if (NOT_PAGES.test(c.req.path)) return next();
  let site: PublicSiteSettings;
  try {
    site = toPublicSettings(await getSettings(openDatabase(c.env.DB)));
  } catch (err) {
    console.error(JSON.stringify({ level: "error", where: "site-html", error: String(err) }));
    return next();
  }
  if (site.maintenanceMode && (c.req.method === "GET" || c.req.method === "HEAD")) {
    return maintenancePage(await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url))), site);
  }
  await next();
  if ((c.res.headers.get("Content-Type") ?? "").includes("text/html")) {
    const branded = brandHtml(c.res, site, {
      tenantId: c.env.FASTCOMMENTS_TENANT_ID,
      region: c.env.FASTCOMMENTS_REGION === "eu" ? "eu" : null,
    });
    // The body changed: the asset server's length and validator no longer describe it.
    const headers = new Headers(c.res.headers);
    headers.delete("Content-Length");
    headers.delete("ETag");
    c.res = new Response(branded.body, { status: c.res.status, headers });
  }
});
