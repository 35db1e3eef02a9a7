/**
 * The registry of pages painted at the edge (see ./define.ts). To add a page: declare it with
 * `definePage` in worker/pages/<resource>.ts, spread its list into `pages` below (one line per
 * resource); its path must also be in APP_PATHS (@shared/app-paths), like every SPA route.
 * docs/conventions.md, "Pages painted at the edge", has the details.
 */
import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import { escapeHtml, SITE_NAME, siteOrigin } from "@shared/seo";
import { api as apiApp } from "../app";
import { readBatch, type ReadBatch } from "../db/read-batch";
import type { AppEnv } from "../env";
import { edgeCached, sharedTtl, wantsFresh } from "../lib/edge-cache";
import { renderPlainShell, renderTemplate, shellTemplate, type ShellTemplate } from "../lib/html-meta";
import { brandMeta, BRANDED_HEADER, siteHeadTags } from "../lib/site-html";
import { markPageRead } from "../middleware/read-etag";
import type { ApiAnswer, Page, PageResult } from "./define";
import { gamePages } from "./game";
import { mediaPages } from "./media";
import { newsPages } from "./news";
import { sitePages } from "./site";
import { wikiPages } from "./wiki";

export const pages: readonly Page[] = [
  ...newsPages,
  ...gamePages,
  ...mediaPages,
  ...sitePages,
  ...wikiPages,
  // Features add their pages here ↑ (one line each)
];

type Ctx = Context<AppEnv>;

/** The SPA's index.html from the asset server. */
const shell = (c: Ctx) => c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));

function executionCtx(c: Ctx) {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/**
 * A GET through the Worker's own API as a guest (no Authorization, no cookies): the same
 * handlers, validation and response shapes a browser would get for `key`.
 */
async function guestApi(c: Ctx, key: string, reads: ReadBatch): Promise<ApiAnswer> {
  const url = new URL(key, c.req.url).href;
  const headers = new Headers({ Accept: "application/json" });
  // A page request asking for a fresh answer asks for fresh data too.
  if (wantsFresh(c.req.raw)) headers.set("Cache-Control", "no-cache");
  const request = markPageRead(new Request(url, { headers }));
  const ctx = executionCtx(c);
  // Read from the edge cache entry a browser's GET of this URL uses, but not written there: the
  // page's own HTML is what gets stored, and a cache write per read made every page miss cost
  // about a third more CPU (measured with the bench's miss throughput; docs/scaling.md).
  const res = await edgeCached(request, url, ctx, async () => apiApp.fetch(request, reads.env, ctx), { store: false });
  if (res.status !== 200) {
    // A 404's error envelope is kept: the page writes it into the HTML (a missing item).
    if (res.status === 404 && (res.headers.get("Content-Type") ?? "").includes("application/json")) return { key, status: 404, body: null, json: await res.text(), ttl: 0 };
    void res.body?.cancel();
    return { key, status: res.status, body: null, json: "null", ttl: 0 };
  }
  const json = await res.text();
  return { key, status: 200, body: JSON.parse(json) as unknown, json, ttl: sharedTtl(res) };
}

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
 * The build's map from a lazy route module (path under web/src, no extension) to the files it
 * needs: its chunk, the chunks it imports and its CSS (written by vite.config.ts).
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

/** Preloads for the page: its largest image first (high priority), then its route's CSS. */
async function preloadTags(c: Ctx, result: PageResult): Promise<string[]> {
  const tags: string[] = [];
  const image = result.preloadImage;
  if (image) {
    const attrs = [`rel="preload"`, `as="image"`, `href="${escapeHtml(image.href)}"`, `fetchpriority="high"`];
    if (image.srcset) attrs.push(`imagesrcset="${escapeHtml(image.srcset)}"`);
    if (image.sizes) attrs.push(`imagesizes="${escapeHtml(image.sizes)}"`);
    if (image.type) attrs.push(`type="${escapeHtml(image.type)}"`);
    tags.push(`<link ${attrs.join(" ")}>`);
  }
  for (const css of (await routeFiles(c, result))?.css ?? []) tags.push(`<link rel="stylesheet" crossorigin href="${escapeHtml(css)}">`);
  return tags;
}

const routeFiles = async (c: Ctx, result: PageResult) => (result.module ? (await loadRouteModules(c))[result.module] : undefined);

async function servePage(c: Ctx, page: Page): Promise<Response> {
  const req = { params: c.req.param() as Record<string, string>, url: new URL(c.req.url), origin: siteOrigin(c.env.SITE_URL, c.req.url) };
  // HTML never carries data that depends on who asks: a request with credentials gets none.
  const guest = !c.req.header("Authorization");
  try {
    // The page's reads share one D1 round trip (worker/db/read-batch.ts).
    const reads = readBatch(c.env);
    const result = await page.load(req, (key) => reads.read(() => guestApi(c, key, reads)));
    // Guest HTML may be kept by shared caches as long as every answer in it may (and no longer).
    const ttls = result.answers.map((a) => a.ttl);
    const sharedMaxAge = guest && ttls.length && ttls.every((t) => t > 0) ? Math.min(...ttls) : 0;
    // The site settings go in now, with the page (rather than by a rewrite of the whole document).
    const site = c.get("site");
    const meta = site ? brandMeta(result.meta, site.settings) : result.meta;
    const res = await renderTemplate((await loadShell(c)).template, meta, result.status, {
      initialData: guest ? result.answers.map(({ key, json }) => ({ key, json })) : undefined,
      initialMissing: guest ? result.missing : undefined,
      preloadTags: await preloadTags(c, result),
      // The app loader preloads the route's code once the page has painted (not before).
      routeModules: (await routeFiles(c, result))?.js,
      paint: guest ? result.paint : undefined,
      sharedMaxAge,
      site: site && { name: site.settings.siteName || SITE_NAME, headTags: siteHeadTags(site.settings, site.widget) },
    });
    if (site) res.headers.set(BRANDED_HEADER, site.fingerprint);
    return res;
  } catch (err) {
    // The data is an extra: if it cannot be read, serve the plain SPA (which fetches as before).
    console.error(JSON.stringify({ level: "error", where: "pages", path: c.req.path, error: String(err) }));
    return renderPlainShell(await shell(c));
  }
}

/**
 * GET routes of every registered page; guest HTML goes through the edge cache (per build and
 * site settings). A painted page carries its ETag from renderTemplate; etag() answers
 * If-None-Match with 304 and hashes only the plain-shell fallback.
 */
export const pageRoutes = pages.reduce(
  (app, page) =>
    app.get(page.pattern, async (c) => {
      const key = new URL(c.req.url);
      key.searchParams.set("__build", (await loadShell(c)).build);
      // The HTML carries the site settings: a settings change is another page.
      const site = c.get("site");
      if (site) key.searchParams.set("__site", site.fingerprint);
      return edgeCached(c.req.raw, key.href, executionCtx(c), () => servePage(c, page));
    }),
  new Hono<AppEnv>().use(etag()),
);
