import { hc } from "hono/client";
import { BOOKMARK_HEADER } from "@shared/d1-bookmark";
import type { ErrorCode } from "@shared/error-codes";
import type { FieldErrors } from "@shared/field-errors";
import type { AppType } from "@worker/app";
import { readStorage, STORAGE_KEYS } from "./storage";
import { refreshToken, serverNow, tokenExpiry } from "./token-refresh";

export type { FieldErrors };

/**
 * A failed API call: the envelope's stable `code` (branch on it, never on the message), its
 * message and field errors, and the HTTP status. Network failures have status 0 and code
 * "network_error".
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly code: ErrorCode | "network_error" | "unknown" = "unknown",
    /** With `stale_version`: the record as the server stores it now. */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** A 409 stale_version's stored record (the write was based on an older version), or null for any other error. */
export const staleRecord = <T>(err: unknown): T | null =>
  err instanceof ApiRequestError && err.code === "stale_version" && err.current ? (err.current as T) : null;

/**
 * The one way to turn a failure into words (docs/conventions.md, "Errors in the UI"): the
 * server's reason when it gave one, else `fallback`, worded for what failed (network failures and
 * errors thrown by the page's own code too).
 */
export const serverReason = (err: unknown, fallback: string): string =>
  err instanceof ApiRequestError && err.status !== 0 && err.message ? err.message : fallback;

/** The read answered 404: the record does not exist (or is hidden from this reader); show the missing-item view, not a load failure. */
export const isNotFound = (err: unknown): boolean => err instanceof ApiRequestError && err.status === 404;

/**
 * A list refused its `page`: deeper than a guest's lists page (docs/decisions/0036) or than
 * MAX_PAGE. The page exists as a URL (an old link, a hand-edited one) but serves nothing: show
 * "no such page" with a way back, not a load failure.
 */
export const isPageOutOfRange = (err: unknown): boolean =>
  err instanceof ApiRequestError && err.code === "validation_failed" && !!err.errors?.page;

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The session provider subscribes here: any 401 clears the session and goes to /login. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The newest D1 bookmark the API has answered with (this tab). Sent back with every request so
 * that reads after a write see it, even when a read replica answers (worker/db/session.ts).
 */
let bookmark: string | null = null;

/** Keeps the newest bookmark (bookmarks of one database sort in time order). */
function rememberBookmark(res: Response) {
  const next = res.headers?.get(BOOKMARK_HEADER);
  if (next && (bookmark === null || next > bookmark)) bookmark = next;
}

/** The bookmark the next request will carry (tests). */
export const currentBookmark = () => bookmark;

const notifyUnauthorized = () => {
  for (const listener of unauthorizedListeners) listener();
};

/** A token past its expiry is refreshed (once, for every tab) before it is sent. */
async function usableToken(): Promise<string | null> {
  const token = readStorage(STORAGE_KEYS.token);
  if (!token) return null;
  const expiry = tokenExpiry(token);
  if (expiry === null || expiry > serverNow()) return token;
  try {
    const refreshed = await refreshToken(token);
    return refreshed?.token ?? token;
  } catch {
    return token;
  }
}

type MaintenanceListener = () => void;
const maintenanceListeners = new Set<MaintenanceListener>();

/** The site settings provider subscribes here: a 503 `maintenance_mode` means the settings changed. */
export function onMaintenance(listener: MaintenanceListener): () => void {
  maintenanceListeners.add(listener);
  return () => maintenanceListeners.delete(listener);
}

const fetchWithSession: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  const explicit = headers.has("Authorization");
  const token = explicit ? null : await usableToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (bookmark && !headers.has(BOOKMARK_HEADER)) headers.set(BOOKMARK_HEADER, bookmark);
  let res = await fetch(input, { ...init, headers });
  rememberBookmark(res);
  // A caller that set its own Authorization still counts as carrying the stored session.
  let sent = token ?? (explicit ? readStorage(STORAGE_KEYS.token) : null);
  // Another tab refreshed while this request was on its way: try once more with the new token
  // rather than signing the user out.
  const stored = readStorage(STORAGE_KEYS.token);
  if (res.status === 401 && sent && stored && stored !== sent) {
    headers.set("Authorization", `Bearer ${stored}`);
    res = await fetch(input, { ...init, headers });
    rememberBookmark(res);
    sent = stored;
  }
  // Only a request that carried a session can find it expired: a guest's 401 (a wrong password
  // on /login) must not re-navigate the sign-in page and drop its state.
  if (res.status === 401 && sent) notifyUnauthorized();
  if (res.status === 503 && maintenanceListeners.size) {
    const code = await res
      .clone()
      .json()
      .then((body) => (body as { code?: unknown } | null)?.code)
      .catch(() => null);
    if (code === "maintenance_mode") for (const listener of maintenanceListeners) listener();
  }
  return res;
};

/**
 * The headers a request made outside `fetch` needs (an XMLHttpRequest, which reports upload
 * progress): the bearer token (refreshed first when due) and the newest D1 bookmark.
 */
export async function sessionHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const token = await usableToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  return headers;
}

/** What such a request's answer means for the session: its bookmark is kept, a 401 ends the session. */
export function noteSessionResponse(status: number, header: (name: string) => string | null, sentToken: boolean): void {
  const next = header(BOOKMARK_HEADER);
  if (next && (bookmark === null || next > bookmark)) bookmark = next;
  if (status === 401 && sentToken) notifyUnauthorized();
}

/** The typed client for the Worker's API (`hc<AppType>`); every call carries the bearer token. */
export const api = hc<AppType>("/", { fetch: fetchWithSession });

/** A GET of an SWR key (its API URL) with the typed client's fetch: the reader's session and bookmark (page loaders, web/src/app/router.tsx). */
export const apiFetch = (key: string): Promise<Response> => fetchWithSession(key, { headers: { Accept: "application/json" } });

/**
 * Reads a response: JSON body on success, ApiRequestError with the server's message otherwise.
 * Use as `await unwrap(api.api.news.$get({ query }))`.
 */
export async function unwrap<T>(
  call: Promise<{ ok: boolean; status: number; json(): Promise<T> }> | { ok: boolean; status: number; json(): Promise<T> },
): Promise<Exclude<T, { message: string; errors?: unknown }>> {
  let res;
  try {
    res = await call;
  } catch {
    throw new ApiRequestError(0, "Failed to connect to server", undefined, "network_error");
  }
  if (res.status === 204) return undefined as never;
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw errorFromEnvelope(res.status, body);
  return body as Exclude<T, { message: string; errors?: unknown }>;
}

/** The ApiRequestError for a failed answer's status and JSON body (the API's error envelope). */
export function errorFromEnvelope(status: number, body: unknown): ApiRequestError {
  const envelope = (body && typeof body === "object" ? body : {}) as { code?: unknown; message?: unknown; errors?: unknown; current?: unknown };
  return new ApiRequestError(
    status,
    typeof envelope.message === "string" ? envelope.message : `Request failed (${status})`,
    envelope.errors && typeof envelope.errors === "object" ? (envelope.errors as FieldErrors) : undefined,
    typeof envelope.code === "string" ? (envelope.code as ErrorCode) : "unknown",
    envelope.current,
  );
}
