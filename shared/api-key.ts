/**
 * The one cache-key convention of the SPA's data layer: a GET's key is its API URL with the
 * query in canonical form, e.g. `/api/news?page=2&tag=Patch`. Parameters are sorted by name;
 * undefined, null and empty values are left out, so equal requests always have equal keys.
 *
 * The Worker uses the same function when it writes a page's first API answers into the HTML
 * (keyed like this), so the SPA finds them in its cache under the key its hooks ask for.
 */
export type ApiQuery = Record<string, string | number | boolean | null | undefined>;

export function apiKey(path: string, query: ApiQuery = {}): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value === undefined || value === null || value === "") continue;
    params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
