/**
 * What the Worker needs of the app to serve its pages (worker/pages): the route table's paths, the
 * page a URL shows, and the page rendered by React after its route's loader has read its data. Implemented by
 * web/src/entry.server.tsx (checked against this type there) and imported by the Worker as
 * `@app/server` (an alias of the build and the tests; worker/pages/app-server.d.ts declares it
 * for the Worker's type check, which does not read the app's browser code).
 */
import type { PublicSiteSettings } from "./schemas/settings-public";
import type { PageMeta, PreloadImage } from "./seo";

/**
 * What a page says about itself as it renders (`<PageHead>`): its metadata, its HTTP status and
 * the image to fetch first; or (`<PageRedirect>`) that its URL is an old one: `redirect` is the
 * path it moved to (answered 301 with the query string kept).
 */
export type PageHeadInfo = { meta: PageMeta; status: number; preload: PreloadImage | null; redirect?: string };

/** A page of the route table, as the Worker serves it. */
export type ServedPage = {
  /** A Hono (and react-router) path pattern; "*" is the page for unknown paths. */
  path: string;
  /** Listed in the sitemap as a static page. */
  sitemap: boolean;
};

export type PreparedPage = {
  /** The page module's path under web/src, without its extension (the build's route-modules.json key). */
  module: string;
  /**
   * The page's query string in its one spelling (no "?"; "" for none): what the page reads of the
   * URL's query, as the page writes it. The page is rendered and cached at this URL.
   */
  search: string;
};

/**
 * How a page's loader reads the API: a GET of an SWR key (its API URL). The Worker answers it
 * in-process as a guest; `null`: no reads (a request whose HTML carries no data).
 */
export type ApiRead = { fetch(key: string): Promise<Response>; seed?(data: { answers: Record<string, unknown>; missing: Record<string, unknown> }): void } | null;

export type RenderRequest = {
  url: URL;
  /** The site's origin (canonical URLs). */
  origin: string;
  /** The settings the page is served with (written into it too). */
  settings: PublicSiteSettings | undefined;
  /** What the route's loader reads the API with. */
  read: ApiRead;
};

export type RenderedPage = {
  /** The app's markup for #root. */
  html: string;
  /** What the page declared with <PageHead> (null if it rendered none, e.g. a member page's shell). */
  head: PageHeadInfo | null;
  /** The router's status: 404 when the page's record does not exist, 503 when a read could not be answered. */
  status: number;
  /** The page route's error when its loader failed (the API's status and envelope), for the browser's hydration. */
  routeError: { id: string; status: number; data: unknown } | null;
};

export type AppServer = {
  pages: readonly ServedPage[];
  /** The page of a URL, with its module loaded (guest pages), and its query string in one spelling. */
  preparePage(url: URL): Promise<PreparedPage>;
  /** The app at a URL as a guest sees it, its loader run with `read` (after `preparePage`). Rejects if a component throws. */
  renderPage(request: RenderRequest): Promise<RenderedPage>;
};
