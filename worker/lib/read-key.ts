/**
 * The edge cache's key for a guest read of the API: the route that answers it, with its path
 * parameters and its query as that route's own schemas read them (ADR 0047). Two spellings of one
 * read (`?page=1` or none, `?pageSize=012`, another parameter order, a blank value, `/api/news/%31`)
 * share one entry; a read the route would refuse (an unknown parameter, `?page=1.0`, a malformed
 * id) has no key, so it is answered (400) without touching the cache. Every GET route validates
 * its query with a strict schema (shared/schemas/query.ts); a GET route without a query schema
 * has no key either, so it is never cached.
 *
 * The route is found as Hono finds it: the same kind of router, fed the API's GET routes in the
 * order they were registered (the first that matches answers), on the path as Hono reads it.
 */
import type { Result } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import { getPath, getQueryParams, tryDecodeURIComponent } from "hono/utils/url";
import type { ZodType } from "zod";
import { api } from "../app";
import { validationOf } from "../middleware/validate";

/** A GET route: its Hono pattern and the schemas its `validate()` middlewares apply. */
type ReadRoute = { path: string; query?: ZodType; param?: ZodType };

let router: SmartRouter<ReadRoute> | undefined;

/** Built on first use (the routes are the API's, fixed once the module has loaded). */
function readRouter(): SmartRouter<ReadRoute> {
  if (router) return router;
  const routes: ReadRoute[] = [];
  let last: ReadRoute | undefined;
  for (const r of api.routes) {
    if (r.method !== "GET") {
      last = undefined;
      continue;
    }
    // A route's middlewares and handler are consecutive entries with its method and path.
    if (last?.path !== r.path) routes.push((last = { path: r.path }));
    const validation = validationOf(r.handler);
    if (validation?.target === "query") last.query = validation.schema;
    if (validation?.target === "param") last.param = validation.schema;
  }
  const built = new SmartRouter<ReadRoute>({ routers: [new RegExpRouter(), new TrieRouter()] });
  for (const route of routes) built.add("GET", route.path, route);
  return (router = built);
}

/** The first route that matches and its path parameters, decoded as `c.req.param()` decodes them. */
function matchRoute(path: string): { route: ReadRoute; params: Record<string, string> } | null {
  const [matches, stash] = readRouter().match("GET", path) as Result<ReadRoute>;
  const first = matches[0];
  if (!first) return null;
  const [route, refs] = first;
  const params: Record<string, string> = {};
  for (const [name, ref] of Object.entries(refs)) {
    const value = stash ? stash[ref as number] : (ref as string);
    if (value !== undefined) params[name] = tryDecodeURIComponent(value);
  }
  return { route, params };
}

/** The query as Hono's validator hands it to a schema: one value as text, repeated ones as a list. */
function queryValue(url: string): Record<string, string | string[]> {
  const all = getQueryParams(url) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(all).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]));
}

function readKeyOf(request: Request): string | null {
  const match = matchRoute(getPath(request));
  if (!match?.route.query) return null;
  const query = match.route.query.safeParse(queryValue(request.url));
  if (!query.success) return null;
  let params: Record<string, unknown> = match.params;
  if (match.route.param) {
    const parsed = match.route.param.safeParse(match.params);
    if (!parsed.success) return null;
    params = { ...match.params, ...(parsed.data as Record<string, unknown>) };
  }
  const values = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value !== undefined) values.append(name, JSON.stringify(value));
  };
  for (const name of Object.keys(params).sort()) add(`:${name}`, params[name]);
  const data = query.data as Record<string, unknown>;
  for (const name of Object.keys(data).sort()) add(name, data[name]);
  const search = values.toString();
  return `${new URL(request.url).origin}${match.route.path}${search ? `?${search}` : ""}`;
}

/**
 * The keys of the isolate's recent URLs (a key depends on the URL alone): a popular read skips
 * the route match and the parse (their cost: docs/decisions/0047). At most RECENT_KEYS URLs of up
 * to RECENT_URL_MAX characters; emptied when full.
 */
const recentKeys = new Map<string, string | null>();
const RECENT_KEYS = 1000;
const RECENT_URL_MAX = 2048;

/**
 * The cache key of a guest GET (or HEAD) of the API, or null when it has none (no route, a route
 * without a query schema, or input the route refuses). The key is the route's pattern with every
 * parsed value, path parameters as `:name`, in name order; values are JSON, so no two different
 * values share a spelling.
 */
export function apiReadKey(request: Request): string | null {
  const kept = recentKeys.get(request.url);
  if (kept !== undefined) return kept;
  const key = readKeyOf(request);
  if (request.url.length <= RECENT_URL_MAX) {
    if (recentKeys.size >= RECENT_KEYS) recentKeys.clear();
    recentKeys.set(request.url, key);
  }
  return key;
}
