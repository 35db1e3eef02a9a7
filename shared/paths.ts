/**
 * Every site URL, built from the page table (./page-table.ts): `paths.unit(12)` is "/units/12",
 * `paths.news({ tag: "Patch" })` is "/news?tag=Patch". Links, redirects, canonical URLs, the
 * sitemap, the feed, search results, audit links and the navigation all use it; no page URL is
 * written by hand (ADR 0054). A pattern's parameter is required by the builder's type: one
 * parameter is passed as the first argument, several as an object. Values are URL-encoded.
 */
import { buildPath, PAGE_TABLE, paramNames, samplePath, type PageName } from "./page-table";

/** The parameter names of a path pattern ("/news/:id" → "id"). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

export type ParamValue = string | number;

/**
 * A page's query string: URLSearchParams, a record of values (null and undefined left out), or
 * one already written by the page's own format function ("tag=Patch" or "?tag=Patch"; "" for none).
 */
export type Query = URLSearchParams | string | Readonly<Record<string, ParamValue | null | undefined>>;

export type PathBuilder<P extends string> = [ParamNames<P>] extends [never]
  ? { (): P; (query?: Query): string }
  : true extends IsUnion<ParamNames<P>>
    ? (params: Readonly<Record<ParamNames<P>, ParamValue>>, query?: Query) => string
    : (param: ParamValue, query?: Query) => string;

type Addressable = Exclude<(typeof PAGE_TABLE)[number], { path: "*" }>;
export type Paths = { readonly [E in Addressable as E["name"]]: PathBuilder<E["path"]> };

/** "?a=1&b=2" for a query with anything in it, else "". */
export function queryString(query?: Query): string {
  if (query === undefined) return "";
  let text: string;
  if (typeof query === "string") text = query.startsWith("?") ? query.slice(1) : query;
  else if (query instanceof URLSearchParams) text = query.toString();
  else {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== null && value !== undefined) params.set(name, String(value));
    text = params.toString();
  }
  return text ? `?${text}` : "";
}

function builder(pattern: string): (...args: unknown[]) => string {
  const names = paramNames(pattern);
  if (names.length === 0) return (query) => `${pattern}${queryString(query as Query | undefined)}`;
  if (names.length === 1)
    return (value, query) => `${buildPath(pattern, { [names[0]!]: value as ParamValue })}${queryString(query as Query | undefined)}`;
  return (params, query) => `${buildPath(pattern, params as Record<string, ParamValue>)}${queryString(query as Query | undefined)}`;
}

export const paths = Object.fromEntries(PAGE_TABLE.filter((e) => e.path !== "*").map((e) => [e.name, builder(e.path)])) as unknown as Paths;

/** A page's path pattern by name ("unit" → "/units/:id"): for matching a URL against a page. */
export const pagePatterns = Object.fromEntries(PAGE_TABLE.map((e) => [e.name, e.path])) as {
  readonly [E in (typeof PAGE_TABLE)[number] as E["name"]]: E["path"];
};

export { buildPath, samplePath };
export type { PageName };
