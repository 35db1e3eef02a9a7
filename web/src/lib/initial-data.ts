import { mutate, type Middleware } from "swr";
import { readStorage, STORAGE_KEYS } from "./storage";

/**
 * The first API answers the Worker wrote into the page's HTML
 * (`<script type="application/json" id="initial-data">`, keyed by SWR key, guests only).
 * They are put into SWR's cache before the first render, so the first view of a public page
 * makes no /api request; later navigation and revalidation use the API as usual.
 */
export const INITIAL_DATA_ID = "initial-data";

/** Key → when it was seeded (ms). */
const seededAt = new Map<string, number>();

/** Reads the injected answers into SWR's cache; returns the keys it seeded. Safe on any page. */
export function seedInitialData(doc: Document = document, now: number = Date.now()): string[] {
  const element = doc.getElementById(INITIAL_DATA_ID);
  if (!element) return [];
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? "");
  } catch {
    return [];
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return [];
  const keys: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (!key.startsWith("/api/") || value === undefined) continue;
    void mutate(key, value, { revalidate: false });
    seededAt.set(key, now);
    keys.push(key);
  }
  return keys;
}

/**
 * True while a seeded answer counts as just fetched: within the hook's dedupe window of the page
 * load, and only for guests (a signed-in reader may see more, or must see their own writes, so
 * their hooks revalidate the guest answer at once).
 */
export function isSeededFresh(key: string, windowMs: number, now: number = Date.now()): boolean {
  const at = seededAt.get(key);
  if (at === undefined || now - at >= windowMs) return false;
  return readStorage(STORAGE_KEYS.token) === null;
}

/** Forgets what was seeded (tests). */
export function resetInitialData(): void {
  seededAt.clear();
}

/** SWR middleware: a hook whose key was seeded and is still fresh does not refetch on mount. */
export const initialDataMiddleware: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const fresh = typeof key === "string" && isSeededFresh(key, config.dedupingInterval ?? 0);
  return useSWRNext(key, fetcher, fresh ? { ...config, revalidateOnMount: false } : config);
};
