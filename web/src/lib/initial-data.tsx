import { createContext, use, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createContext as createRouterContext } from "react-router";
import type { Middleware, SWRResponse } from "swr";
import type { ApiRead } from "@shared/app-server";
import { INITIAL_DATA_ID, INITIAL_MISSING_ID } from "@shared/page-data";
import { isModeratorLevel } from "@shared/roles";
import { apiFetch, errorFromEnvelope, type ApiRequestError } from "./api-client";
import { useHydrated } from "./hydrated";
import { readStorage, STORAGE_KEYS } from "./storage";

/**
 * A page's first API answers, as its route's loader read them (web/src/app/router.tsx), keyed by
 * SWR key: the 200 answers, and the 404 envelopes of reads other than the page's own record. The
 * page renders with them as SWR's `fallback`. The Worker writes its loader's answers into the HTML
 * (`<script type="application/json" id="initial-data">` / `id="initial-missing"`), and the browser
 * hands them to its router as the route's hydration data, so both render the same view and the
 * first view makes no /api request. Later navigations run the loader in the browser, and
 * revalidation goes through SWR as usual (docs/decisions/0052-data-router.md).
 */
export type InitialData = { answers: Record<string, unknown>; missing: Record<string, unknown> };

/**
 * How a page's loader reads the API (web/src/app/router.tsx), given to it in the router's context:
 * in the browser the typed client's fetch (the reader's session, the network) and the answers are
 * noted as just fetched; on the Worker the Worker's own API in-process, as a guest
 * (worker/pages/first-view.ts), or `null` for a request whose HTML carries no data.
 */
export const apiReadContext = createRouterContext<ApiRead>({ fetch: (key) => apiFetch(key), seed: (data) => void seedInitialData(data) });

type FirstView = { keys: ReadonlySet<string>; errors: ReadonlyMap<string, ApiRequestError> };

const FirstViewContext = createContext<FirstView>({ keys: new Set(), errors: new Map() });

/** The keys the page's loader read, and its 404s for the hooks (SWR's cache holds data, not errors). */
export function FirstViewProvider({ data, children }: { data: InitialData; children: ReactNode }) {
  const value = useMemo<FirstView>(
    () => ({
      keys: new Set([...Object.keys(data.answers), ...Object.keys(data.missing)]),
      errors: new Map(Object.entries(data.missing).map(([key, envelope]) => [key, errorFromEnvelope(404, envelope)])),
    }),
    [data],
  );
  return <FirstViewContext value={value}>{children}</FirstViewContext>;
}

/** Key → when it was seeded in this browser (ms). */
const seededAt = new Map<string, number>();

/** The `/api/...` entries of a JSON object element of the document, or none if it is absent or malformed. */
function apiEntries(doc: Document, id: string): Record<string, unknown> {
  const element = doc.getElementById(id);
  if (!element) return {};
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? "");
  } catch {
    return {};
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return {};
  return Object.fromEntries(Object.entries(data as Record<string, unknown>).filter(([key, value]) => key.startsWith("/api/") && value !== undefined));
}

/** The first answers the Worker wrote into the document (none on a page it did not render). */
export function readInitialData(doc: Document = document): InitialData {
  return { answers: apiEntries(doc, INITIAL_DATA_ID), missing: apiEntries(doc, INITIAL_MISSING_ID) };
}

/**
 * Notes when the first view's answers arrived; returns their keys. The answers themselves reach
 * SWR as its `fallback` (src/entry.client.tsx), not through its cache: a key written into the
 * cache before hydration gives SWR a server snapshot (the fallback) and a client snapshot (the
 * cache) that are different objects, and React then re-renders every such hook synchronously
 * right after hydrating, in one long task. The cache fills as each key is fetched.
 */
export function seedInitialData(data: InitialData, now: number = Date.now()): string[] {
  const keys = [...Object.keys(data.answers), ...Object.keys(data.missing)];
  for (const key of keys) seededAt.set(key, now);
  return keys;
}

/** Moderators and admins may read more than a guest under the same key (drafts, hidden rows). */
export function storedUserSeesMore(): boolean {
  try {
    const user = JSON.parse(readStorage(STORAGE_KEYS.user) ?? "null") as { roles?: unknown } | null;
    return Array.isArray(user?.roles) && isModeratorLevel(user.roles as string[]);
  } catch {
    return false;
  }
}

/**
 * True while a seeded answer counts as just fetched: within the hook's dedupe window of the page
 * load. A seeded answer is what a guest reads: signed-in members read the same, but moderators
 * and admins may read more (drafts, hidden rows), so their hooks ask again at once.
 */
export function isSeededFresh(key: string, windowMs: number, now: number = Date.now()): boolean {
  const at = seededAt.get(key);
  if (at === undefined || now - at >= windowMs) return false;
  return !storedUserSeesMore();
}

/** Forgets what was seeded (tests). */
export function resetInitialData(): void {
  seededAt.clear();
}

/**
 * SWR middleware for the first view's answers. While the Worker renders a page and while the
 * browser hydrates it, a hook of a seeded key shows its answer (or its 404) as settled, so both
 * render the same view; a hook of any other key shows its loading state on both sides. After
 * hydration, a seeded answer that is still fresh for this reader (isSeededFresh) is not fetched
 * again; one that is not is fetched at once. A seeded 404 stays the hook's error until the key
 * changes or the API answers anew (a retry, a revalidation).
 */
export const initialDataMiddleware: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const hydrated = useHydrated();
  const firstView = use(FirstViewContext);
  const seeded = typeof key === "string" && firstView.keys.has(key);
  const fresh = seeded && isSeededFresh(key, config.dedupingInterval ?? 0);
  const settled = seeded && (fresh || !hydrated);
  const held = useRef<{ key: unknown; error: ApiRequestError } | null>(null);
  if (settled && held.current?.key !== key) {
    const error = firstView.errors.get(key);
    if (error) held.current = { key, error };
  }
  const swr = useSWRNext(key, fetcher, settled ? { ...config, revalidateOnMount: false } : config);
  // Mounted while hydrating with an answer that is not fresh for this reader: ask now.
  const [mountedHydrating] = useState(!hydrated);
  const { mutate: revalidate } = swr;
  useEffect(() => {
    if (hydrated && mountedHydrating && seeded && !fresh) void revalidate();
  }, [hydrated, mountedHydrating, seeded, fresh, revalidate]);
  const error = held.current && held.current.key === key ? held.current.error : undefined;
  if (error && swr.data === undefined && swr.error === undefined && (!swr.isValidating || !hydrated)) {
    return { data: undefined, error, isValidating: false, isLoading: false, mutate: swr.mutate } satisfies SWRResponse;
  }
  return swr;
};
