import { hc } from "hono/client";
import type { User } from "@schemas/user";
import type { AppType } from "@worker/app";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";

/**
 * One token refresh for all the tabs of the site. Every tab shares the token through
 * localStorage; when it is due, the tabs queue on one Web Lock, the first refreshes and stores
 * the new token, and the others, finding a newer token than the one they had, take it without
 * asking the server again (which would look like reuse of a rotated-out token). Tabs also pick
 * up each other's tokens from storage events (see session.tsx).
 *
 * localStorage alone cannot tell the next tab in the queue: Chromium gives each tab's process its
 * own copy of storage and sends writes to the others asynchronously, so a tab granted the lock
 * can still read the old token. The lock manager, on the other hand, is one place: before it
 * releases the refresh lock, the refreshing tab takes a second lock whose name carries the old
 * token's signature and the new token (a handoff), and holds it for the server's grace period.
 * The next tab looks the handoff up (`locks.query()`) before it calls the server.
 */

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
const LOCK_NAME = "realm-codex:token-refresh";
const HANDOFF_PREFIX = "realm-codex:token-refreshed:";
/** As long as the server accepts a just-rotated token again (REFRESH_GRACE_SECONDS), and no longer. */
const HANDOFF_MS = 60_000;

/** A numeric claim of the token (seconds), or null when it has none or cannot be read. */
function numericClaim(token: string, name: "exp" | "iat"): number | null {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    const value = payload[name];
    return typeof value === "number" ? value : null;
  } catch {
    return null;
  }
}

/** The token's `exp` in milliseconds (on the server's clock), or null when it has none or cannot be read. */
export function tokenExpiry(token: string): number | null {
  const exp = numericClaim(token, "exp");
  return exp === null ? null : exp * 1000;
}

/**
 * The server's clock minus this browser's (ms). Expiries are server times; a browser clock that
 * is an hour fast would otherwise see every new token as already due (a refresh loop), and one
 * that is slow would refresh too late (a 401 signs the user out). Learned from the `iat` of each
 * token the server has just issued; 0 until then.
 */
let clockOffsetMs = 0;

/** Now on the server's clock, as well as this tab knows it. */
export const serverNow = () => Date.now() + clockOffsetMs;

/** Call with a token the server issued just now (sign-in, refresh, another tab's fresh refresh). */
export function noteFreshToken(token: string, receivedAt = Date.now()): void {
  const iat = numericClaim(token, "iat");
  if (iat !== null) clockOffsetMs = iat * 1000 - receivedAt;
}

/** True when the token expires within the refresh margin (or already has). */
export function refreshDue(token: string, now = serverNow()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && expiry - now <= REFRESH_MARGIN_MS;
}

/** The refresh call goes around the session-aware fetch (which would wait for this very refresh). */
const plainApi = hc<AppType>("/");

export type RefreshResult = { token: string; user: User | null } | null;

/** The handoff lock's name: which token was refreshed (its signature) and the token that replaced it. */
const handoffName = (from: string, to: string) => `${HANDOFF_PREFIX}${from.slice(from.lastIndexOf(".") + 1)} ${to}`;

/** The token another tab got for `from` and handed off through the lock manager, if any. */
async function handedOff(locks: LockManager | undefined, from: string): Promise<string | null> {
  if (!locks?.query) return null;
  const prefix = handoffName(from, "");
  const { held = [] } = await locks.query();
  const found = held.find((lock) => lock.name?.startsWith(prefix));
  return found?.name ? found.name.slice(prefix.length) : null;
}

/** Holds the handoff lock for HANDOFF_MS; resolves once the lock manager has granted it. */
function handOff(locks: LockManager | undefined, from: string, to: string): Promise<void> {
  if (!locks) return Promise.resolve();
  return new Promise((granted) => {
    void locks
      .request(handoffName(from, to), () => {
        granted();
        return new Promise((release) => setTimeout(release, HANDOFF_MS));
      })
      .catch(() => granted());
  });
}

async function refreshOnce(seen: string, locks: LockManager | undefined): Promise<RefreshResult> {
  const current = readStorage(STORAGE_KEYS.token);
  if (!current) return null; // Signed out in another tab meanwhile.
  if (current !== seen && !refreshDue(current)) return { token: current, user: storedUser() };
  const taken = await handedOff(locks, current);
  if (taken) return { token: taken, user: storedUser() };
  const res = await plainApi.api.auth.refresh.$post(undefined, { headers: { Authorization: `Bearer ${current}` } });
  const status: number = res.status;
  if (status === 401) return null;
  if (!res.ok) throw new Error(`Token refresh failed (${status})`);
  const body = (await res.json()) as { token: string; user: User };
  noteFreshToken(body.token);
  writeStorage(STORAGE_KEYS.token, body.token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(body.user));
  await handOff(locks, current, body.token);
  return { token: body.token, user: body.user };
}

function storedUser(): User | null {
  try {
    return JSON.parse(readStorage(STORAGE_KEYS.user) ?? "null") as User | null;
  } catch {
    return null;
  }
}

let inFlight: Promise<RefreshResult> | undefined;

/**
 * Refreshes the token `seen` (the one the caller holds) once across all tabs. Answers the new
 * token (possibly stored by another tab), or null when the session is over (401: sign out).
 * Throws on network or server errors (the caller keeps its token and tries again later).
 */
export function refreshToken(seen: string): Promise<RefreshResult> {
  // Several requests of this tab that find the token due share one refresh.
  if (inFlight) return inFlight;
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const run = locks ? locks.request(LOCK_NAME, () => refreshOnce(seen, locks)) : refreshOnce(seen, undefined);
  inFlight = run.finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
