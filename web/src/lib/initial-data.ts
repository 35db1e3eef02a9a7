import { useRef } from "react";
import { mutate, type Middleware, type SWRResponse } from "swr";
import { errorFromEnvelope, type ApiRequestError } from "./api-client";
import { readStorage, STORAGE_KEYS } from "./storage";

/**
 * The first API answers the Worker wrote into the page's HTML
 * (`<script type="application/json" id="initial-data">`, keyed by SWR key, guests only).
 * They are put into SWR's cache before the first render, so the first view of a public page
 * makes no /api request; later navigation and revalidation use the API as usual.
 */
export const INITIAL_DATA_ID = "initial-data";
/**
 * The API's 404 answers for a page whose item is missing (`id="initial-missing"`, same keys, the
 * API's error envelope): the page's hook starts with that error, so it shows its "Not Found" view
 * at once and asks nothing.
 */
export const INITIAL_MISSING_ID = "initial-missing";

/** Key → when it was seeded (ms). */
const seededAt = new Map<string, number>();
/** Key → the 404 the Worker was answered for it. */
const seededMissing = new Map<string, ApiRequestError>();

/** The `/api/...` entries of a JSON object element of the document, or none if it is absent or malformed. */
function apiEntries(doc: Document, id: string): [string, unknown][] {
  const element = doc.getElementById(id);
  if (!element) return [];
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? "");
  } catch {
    return [];
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return [];
  return Object.entries(data as Record<string, unknown>).filter(([key, value]) => key.startsWith("/api/") && value !== undefined);
}

/** Reads the injected answers into SWR's cache (and the 404s for the hooks); returns the keys it seeded. Safe on any page. */
export function seedInitialData(doc: Document = document, now: number = Date.now()): string[] {
  const keys: string[] = [];
  for (const [key, value] of apiEntries(doc, INITIAL_DATA_ID)) {
    void mutate(key, value, { revalidate: false });
    seededAt.set(key, now);
    keys.push(key);
  }
  for (const [key, envelope] of apiEntries(doc, INITIAL_MISSING_ID)) {
    seededMissing.set(key, errorFromEnvelope(404, envelope));
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
  seededMissing.clear();
}

/**
 * SWR middleware: a hook whose key was seeded and is still fresh does not refetch on mount. A
 * seeded 404 is the hook's error from its first render (SWR's cache holds data, not errors) and
 * stays so until the hook's key changes or the API answers anew (a retry, a revalidation).
 */
export const initialDataMiddleware: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const fresh = typeof key === "string" && isSeededFresh(key, config.dedupingInterval ?? 0);
  const missing = useRef<{ key: unknown; error: ApiRequestError } | null>(null);
  if (fresh && missing.current?.key !== key) {
    const error = seededMissing.get(key);
    if (error) missing.current = { key, error };
  }
  const swr = useSWRNext(key, fetcher, fresh ? { ...config, revalidateOnMount: false } : config);
  const held = missing.current && missing.current.key === key ? missing.current.error : undefined;
  if (held && swr.data === undefined && swr.error === undefined && !swr.isValidating) {
    return { data: undefined, error: held, isValidating: false, isLoading: false, mutate: swr.mutate } satisfies SWRResponse;
  }
  return swr;
};
