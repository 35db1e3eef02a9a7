/**
 * The site's pages, served by the Worker from the app's route table (web/src/app/routes.ts):
 * every path there is a page, rendered by React from the same components the browser hydrates
 * (web/src/entry.server.tsx); any other path is a real 404.
 *
 * A guest page is rendered with its first view's API answers (read through the Worker's own API
 * as a guest, ./first-view.ts), which also go into the HTML so the browser's first view needs no
 * /api request; its metadata, status and largest image are what the page declared with
 * <PageHead>. A member page (profile, admin) is the shell, and the browser loads the page.
 * Guest HTML goes through the edge cache (per build and site settings), keyed and rendered at the
 * page's query string in its one spelling (`canonicalSearch` of the page module): a shared link's
 * `utm_*` or a stray `?zz=` renders the page as its own link does and shares that entry (ADR 0047).
 *
 * - A page path with a trailing slash: a permanent redirect to the path without it (one URL per
 *   page); `/index.html` likewise to `/`. A page that says its URL moved (`<PageRedirect>`, a
 *   guide's old slug): a permanent redirect to where it moved.
 * - Anything else: 404. A browser asking for a page gets the "Page Not Found" page; any other
 *   request (a script, an image, /favicon.ico) gets plain text, so a file that is gone is never
 *   answered with HTML.
 */
import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import { appServer } from "@app/server";
import type { PreparedPage, ServedPage } from "@shared/app-server";
import { appShellMeta, brandMeta, escapeHtml, preloadImageTag, SITE_NAME, siteOrigin } from "@shared/seo";
import type { AppEnv } from "../env";
import { edgeCached } from "../lib/edge-cache";
import { SECURITY_HEADERS, withHeaders } from "../lib/security-headers";
import { BRANDED_HEADER, siteHeadTags } from "../lib/site-html";
import { renderPlainShell, renderTemplate, shellTemplate, type ShellTemplate } from "./document";
import { MAINTENANCE_RETRY_AFTER_SECONDS } from "../middleware/maintenance";
import { executionCtx, guestReads } from "./first-view";

type Ctx = Context<AppEnv>;

/** Seconds the edge keeps a page that reads no data (sign-in, the forum, a member page's shell): it changes only with the build or the settings, which are in its cache key. */
const STATIC_PAGE_TTL = 3600;

/** The SPA's index.html from the asset server. */
const shell = (c: Ctx) => c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));

type BuiltShell = { build: string; template: ShellTemplate };
let builtShell: BuiltShell | undefined;

/**
 * The SPA's index.html, read and prepared for `renderTemplate` once per isolate (a deployment
 * ships a new isolate), so a page does not fetch and rewrite the whole shell each time. Its ETag
 * names the build, so cached HTML never names assets of an older one. While the asset server
 * has no index.html (no client build) the built-in shell is used and the read is tried again.
 * The isolate keeps the prepared value, never a pending read: a promise of one request's I/O
 * awaited by another hangs if the first request is cancelled (docs/conventions.md).
 */
async function loadShell(c: Ctx): Promise<BuiltShell> {
  if (builtShell) return builtShell;
  const res = await shell(c).catch(() => new Response(null, { status: 503 }));
  const built = { build: res.headers.get("ETag")?.replace(/\W/g, "") || "none", template: await shellTemplate(res) };
  if (res.ok) builtShell = built;
  return built;
}

/**
 * The build's map from a page module (path under web/src, no extension) to the files it needs
 * beyond the entry's: its chunks and its CSS (route-modules.json, written by vite.config.ts).
 */
export const ROUTE_MODULES_PATH = "/route-modules.json";
type RouteModules = Record<string, { js: string[]; css: string[] }>;
let routeModules: RouteModules | undefined;

/** Read once per isolate from the asset server (a deployment ships a new isolate); the value is kept, as for the shell. */
async function loadRouteModules(c: Ctx): Promise<RouteModules> {
  if (routeModules) return routeModules;
  const res = await c.env.ASSETS.fetch(new Request(new URL(ROUTE_MODULES_PATH, c.req.url))).catch(() => undefined);
  const read = res?.ok ? await (res.json() as Promise<RouteModules>).catch(() => undefined) : (void res?.body?.cancel(), undefined);
  if (read) routeModules = read;
  return read ?? {};
}

/** The page at `url`'s path and its query string in one spelling (what it is rendered and cached at). */
async function preparePage(c: Ctx): Promise<{ url: URL; page: PreparedPage }> {
  const url = new URL(c.req.url);
  const page = await appServer.preparePage(url);
  url.search = page.search;
  return { url, page };
}

async function servePage(c: Ctx, prepared?: { url: URL; page: PreparedPage }, maintenance = false): Promise<Response> {
  const site = c.get("site");
  // HTML never carries data that depends on who asks: a request with credentials gets none (its loader reads nothing).
  // Nor does the maintenance page: the shell shows the maintenance screen instead of any page.
  const guest = !c.req.header("Authorization") && !maintenance;
  try {
    const { url, page } = prepared ?? (await preparePage(c));
    const reads = guest ? guestReads(c) : null;
    const rendered = await appServer.renderPage({ url, origin: siteOrigin(c.env.SITE_URL, c.req.url), settings: site?.settings, read: reads?.read ?? null });
    // A loader or a page that failed on its own (not a refusal of the API): the plain shell below.
    if (rendered.status >= 500 && !rendered.routeError) throw new Error(`the page failed (${rendered.status})`);
    const moved = rendered.head?.redirect;
    // An old address of a page (a guide's earlier slug): a permanent redirect, never another origin,
    // with the query string as sent (the new address reads it as it reads any; redirects are not stored).
    if (moved && moved.startsWith("/") && !moved.startsWith("//")) {
      const sent = new URL(c.req.url).search;
      return withHeaders(new Response(null, { status: 301, headers: { Location: `${moved}${sent}`, "Cache-Control": "public, max-age=300" } }), SECURITY_HEADERS);
    }
    // The router's status (the page's record missing: 404; a read not answered: 503), else what the page declared.
    const status = maintenance ? 503 : rendered.status !== 200 ? rendered.status : (rendered.head?.status ?? 200);
    const meta = rendered.head?.meta ?? appShellMeta();
    const files = (await loadRouteModules(c))[page.module];
    const preloadTags = [
      ...(status === 200 && rendered.head?.preload ? [preloadImageTag(rendered.head.preload)] : []),
      ...(files?.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="${escapeHtml(css)}">`),
    ];
    const answers = reads?.answers ?? [];
    // Guest HTML may be kept by shared caches as long as every answer in it may (and no longer).
    const ttls = answers.map((a) => a.ttl);
    const sharedMaxAge = !guest || status !== 200 ? 0 : answers.length === 0 ? STATIC_PAGE_TTL : ttls.every((t) => t > 0) ? Math.min(...ttls) : 0;
    const res = await renderTemplate((await loadShell(c)).template, site ? brandMeta(meta, site.settings) : meta, status, {
      root: rendered.html,
      // A route that failed (its record missing, a read unanswered) renders its error, which reads none of the answers.
      initialData: rendered.routeError ? [] : answers.filter((a) => a.status === 200),
      initialMissing: answers.filter((a) => a.status === 404),
      routeError: rendered.routeError,
      preloadTags,
      // The app loader preloads the route's code once the page has painted (not before).
      routeModules: files?.js,
      sharedMaxAge,
      site: site && { name: site.settings.siteName || SITE_NAME, headTags: siteHeadTags(site.settings, site.widget) },
    });
    if (site) res.headers.set(BRANDED_HEADER, site.fingerprint);
    if (status === 503) res.headers.set("Retry-After", String(MAINTENANCE_RETRY_AFTER_SECONDS));
    if (maintenance) res.headers.set("Cache-Control", "no-store");
    return res;
  } catch (err) {
    // Rendering and its data are extras: without them the plain shell, whose app fetches as before.
    console.error(JSON.stringify({ level: "error", where: "pages", path: c.req.path, error: String(err) }));
    const plain = renderPlainShell(await shell(c));
    if (!maintenance) return plain;
    plain.headers.set("Retry-After", String(MAINTENANCE_RETRY_AFTER_SECONDS));
    plain.headers.set("Cache-Control", "no-store");
    return new Response(plain.body, { status: 503, headers: plain.headers });
  }
}

/**
 * While maintenance mode is on, every GET outside /api and /files (worker/lib/site-html.ts): the
 * app rendered at the URL with the settings, whose shell shows guests the maintenance screen
 * (and the sign-in page, for moderators), answered 503 with Retry-After, never stored.
 */
export const maintenancePage = (c: Ctx): Promise<Response> => servePage(c, undefined, true);

/**
 * A page through the edge cache: its entry is the page's URL with its query string in one
 * spelling, and names the build and the settings the HTML carries.
 */
async function cachedPage(c: Ctx): Promise<Response> {
  const prepared = await preparePage(c).catch(() => undefined);
  // A page that cannot be prepared is served as servePage falls back (the plain shell), uncached.
  if (!prepared) return servePage(c);
  const key = new URL(prepared.url);
  key.searchParams.set("__build", (await loadShell(c)).build);
  const site = c.get("site");
  if (site) key.searchParams.set("__site", site.fingerprint);
  return edgeCached(c.req.raw, key.href, executionCtx(c), () => servePage(c, prepared), { env: c.env });
}

function notFound(c: Ctx): Response | Promise<Response> {
  const wantsPage = (c.req.method === "GET" || c.req.method === "HEAD") && (c.req.header("Accept") ?? "").includes("text/html");
  // The "Page Not Found" page (the route table's "*"), not cached: unknown URLs are endless.
  if (wantsPage) return servePage(c);
  return withHeaders(
    new Response(c.req.method === "HEAD" ? null : "Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    }),
    SECURITY_HEADERS,
  );
}

/** `/news/` to `/news` (the query string kept); the path is a page path, so never another origin. */
function withoutTrailingSlash(c: Ctx): Response {
  const url = new URL(c.req.url);
  return c.redirect(`${url.pathname.slice(0, -1)}${url.search}`, 301);
}

/** `/index.html` (an old bookmark, a static-hosting habit) to `/`: the home page has one URL. */
const toHome = (c: Ctx) => c.redirect(`/${new URL(c.req.url).search}`, 301);

const servedPaths = (route: ServedPage) => route.path !== "*";

/**
 * GET routes of every page; a page carries its ETag from renderTemplate, and etag() answers
 * If-None-Match with 304 (and hashes only the plain-shell fallback).
 */
export const pageRoutes = appServer.pages
  .filter(servedPaths)
  .reduce((app, route) => {
    const withPage = app.get(route.path, cachedPage);
    return route.path === "/" ? withPage : withPage.get(`${route.path}/`, withoutTrailingSlash);
  }, new Hono<AppEnv>().use(etag()).get("/index.html", toHome))
  .all("*", notFound);
