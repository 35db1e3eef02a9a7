/**
 * The app's pages that the Worker does not paint (sign-in, registration, profile, admin),
 * and the answer for every path that is no page at all. The app's paths are listed once in
 * `@shared/app-paths` (kept equal to the SPA's route table by a test); the painted pages are
 * routed before this (worker/pages), so here they only meet methods other than GET.
 *
 * - An app path: the SPA's index.html from the asset server, with the site's security headers.
 * - An app path with a trailing slash: a permanent redirect to the path without it (one URL per
 *   page); `/index.html` likewise to `/`.
 * - Anything else: 404. A browser asking for a page gets the app's "Page Not Found" page (the
 *   shell with noindex metadata and the page painted, which the app then takes over); any other
 *   request (a script, an image, /favicon.ico) gets plain text, so a file that is gone is never
 *   answered with HTML.
 */
import { Hono, type Context } from "hono";
import { APP_PATHS } from "@shared/app-paths";
import { pageNotFoundMeta } from "@shared/seo";
import type { AppEnv } from "../env";
import { renderPage, renderPlainShell } from "../lib/html-meta";
import { paintNotFound } from "../pages/paint/not-found";
import { SECURITY_HEADERS, withHeaders } from "../lib/security-headers";

type Ctx = Context<AppEnv>;

/** The asset server's index.html (the app); `asked` passes on the request's method and validators. */
const appHtml = (c: Ctx, asked = true) =>
  c.env.ASSETS.fetch(new Request(new URL("/", c.req.url), asked ? { method: c.req.method, headers: c.req.raw.headers } : {}));

/**
 * An app page: index.html as the asset server sends it (its ETag, or its 304), with the site's
 * security headers. Without a client build (a fresh clone before `vite build`) the asset server
 * has no index.html; then the built-in shell, as for painted pages.
 */
async function appPage(c: Ctx): Promise<Response> {
  const res = await appHtml(c);
  const isHtml = res.ok && (res.headers.get("Content-Type") ?? "").includes("text/html");
  return isHtml || res.status === 304 ? withHeaders(res, SECURITY_HEADERS) : renderPlainShell(res);
}

function notFound(c: Ctx): Response | Promise<Response> {
  const wantsPage = (c.req.method === "GET" || c.req.method === "HEAD") && (c.req.header("Accept") ?? "").includes("text/html");
  if (wantsPage) return appHtml(c, false).then((shell) => renderPage(shell, pageNotFoundMeta(), 404, { paint: paintNotFound() }));
  return withHeaders(
    new Response(c.req.method === "HEAD" ? null : "Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    }),
    SECURITY_HEADERS,
  );
}

/** `/news/` to `/news` (the query string kept); the path is an app path, so never another origin. */
function withoutTrailingSlash(c: Ctx): Response {
  const url = new URL(c.req.url);
  return c.redirect(`${url.pathname.slice(0, -1)}${url.search}`, 301);
}

/** `/index.html` (an old bookmark, a static-hosting habit) to `/`: the home page has one URL. */
function toHome(c: Ctx): Response {
  return c.redirect(`/${new URL(c.req.url).search}`, 301);
}

export const appPageRoutes = APP_PATHS.reduce((app, path) => {
  const withApp = app.get(path, appPage);
  return path === "/" ? withApp : withApp.get(`${path}/`, withoutTrailingSlash);
}, new Hono<AppEnv>().get("/index.html", toHome)).all("*", notFound);
