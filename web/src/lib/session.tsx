import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import { isAdminRole, isModeratorLevel } from "@shared/roles";
import type { User } from "@schemas/user";
import { onUnauthorized } from "./api-client";
import { useHydrated } from "./hydrated";
import { logoutRequest, useCurrentUser } from "./auth-api";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";
import { noteFreshToken, REFRESH_MARGIN_MS, refreshToken, serverNow, tokenExpiry } from "./token-refresh";

/** Restoring the saved session is synchronous, so there is no "loading" state. */
export type SessionStatus = "authenticated" | "unauthenticated";

export type Session = {
  status: SessionStatus;
  user: User | null;
  /** Stores token and user (sign-in stores both). */
  signIn(token: string, user: User): void;
  /** Ends the session on the server (best effort) and clears both keys. */
  signOut(): Promise<void>;
  /** Clears both keys without asking the server, which already ended the session (a deleted account). */
  forget(): void;
  /** Replaces the stored user after a profile change. */
  setUser(user: User): void;
  isModerator: boolean;
  isAdmin: boolean;
};

const SessionContext = createContext<{ session: Session; guest: Session } | null>(null);

/** After a failed refresh (network, server error), try again this much later. */
const RETRY_MS = 60 * 1000;

function clearStored() {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.user, null);
  writeStorage(STORAGE_KEYS.legacyUser, null);
}

/**
 * Restores the saved session; bad saved user data removes both keys. A token that
 * expired while the browser was closed is kept: the first request refreshes it, and the server
 * answers 401 if the session itself is over.
 */
function restore(): { token: string; user: User } | null {
  const token = readStorage(STORAGE_KEYS.token);
  const raw = readStorage(STORAGE_KEYS.user);
  if (!token || !raw) {
    if (token || raw) clearStored();
    return null;
  }
  try {
    const user = JSON.parse(raw) as User;
    if (!user || typeof user !== "object" || typeof user.id !== "number" || !Array.isArray(user.roles)) {
      throw new Error("bad user");
    }
    return { token, user };
  } catch {
    clearStored();
    return null;
  }
}

export function SessionProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut?: () => void }) {
  // Restoring from storage is synchronous, so the first render already knows the session.
  const [initial] = useState(restore);
  const [status, setStatus] = useState<SessionStatus>(initial ? "authenticated" : "unauthenticated");
  const [user, setUserState] = useState<User | null>(initial?.user ?? null);
  const [token, setToken] = useState<string | null>(initial?.token ?? null);
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  }, [onSignedOut]);

  const clear = useCallback(() => {
    clearStored();
    setUserState(null);
    setToken(null);
    setStatus("unauthenticated");
  }, []);

  // Any 401 removes both keys and sends the browser to /login. Subscribed in the commit itself
  // (a layout effect), before any request of that commit can answer: the app takes over in a
  // transition, whose passive effects may run after a fast answer, and a 401 with nobody
  // listening was lost (the saved user stayed signed in on a deactivated account).
  useLayoutEffect(
    () =>
      onUnauthorized(() => {
        clear();
        onSignedOutRef.current?.();
      }),
    [clear],
  );

  // Refresh the access token a few minutes before it expires, once for all tabs (the first tab
  // to take the lock refreshes; the others take the token it stored).
  useEffect(() => {
    if (!token) return;
    const expiry = tokenExpiry(token);
    if (expiry === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (delay: number) => {
      timer = setTimeout(async () => {
        try {
          const res = await refreshToken(token);
          if (!res) {
            clear();
            onSignedOutRef.current?.();
            return;
          }
          setToken(res.token);
          if (res.user) setUserState(res.user);
        } catch {
          // Offline or a server error: keep the token and try again a little later.
          schedule(RETRY_MS);
        }
      }, delay);
    };
    schedule(Math.max(expiry - serverNow() - REFRESH_MARGIN_MS, 0));
    return () => clearTimeout(timer);
  }, [token, clear]);

  // Tabs share the session through storage: a token refreshed, a sign-in or a sign-out in one
  // tab reaches the others through storage events.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
      const next = restore();
      if (!next) {
        setUserState(null);
        setToken(null);
        setStatus("unauthenticated");
        return;
      }
      setToken(next.token);
      setUserState(next.user);
      setStatus("authenticated");
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const signIn = useCallback((newToken: string, newUser: User) => {
    noteFreshToken(newToken);
    writeStorage(STORAGE_KEYS.token, newToken);
    writeStorage(STORAGE_KEYS.user, JSON.stringify(newUser));
    setToken(newToken);
    setUserState(newUser);
    setStatus("authenticated");
  }, []);

  const signOut = useCallback(async () => {
    await logoutRequest();
    clear();
  }, [clear]);

  const setUser = useCallback((next: User) => {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(next));
    setUserState(next);
  }, []);

  // The saved user can be stale (roles or status changed elsewhere): confirm it with the server
  // once per page load. A 401 is handled by the listener; other failures keep the saved user.
  useCurrentUser(initial !== null && token === initial.token, (confirmed) => {
    if (initial && readStorage(STORAGE_KEYS.token) === initial.token) setUser(confirmed);
  });

  // Nothing one person loaded may be shown to the next: when the signed-in user changes
  // (sign-in, sign-out, a 401, another tab), every cached API answer is dropped and whatever
  // is on screen loads again for the new user.
  const { mutate } = useSWRConfig();
  const userId = user?.id ?? null;
  const shownFor = useRef(userId);
  useEffect(() => {
    if (shownFor.current === userId) return;
    shownFor.current = userId;
    void mutate(() => true, undefined, { revalidate: true });
  }, [userId, mutate]);

  const value = useMemo<Session>(() => {
    const roles = user?.roles ?? [];
    return {
      status,
      user,
      signIn,
      signOut,
      forget: clear,
      setUser,
      isModerator: isModeratorLevel(roles),
      isAdmin: isAdminRole(roles),
    };
  }, [status, user, signIn, signOut, clear, setUser]);

  // What the Worker rendered: a guest's view (its HTML is the same for everyone).
  const guest = useMemo<Session>(() => ({ ...value, status: "unauthenticated", user: null, isModerator: false, isAdmin: false }), [value]);
  const both = useMemo(() => ({ session: value, guest }), [value, guest]);
  return <SessionContext value={both}>{children}</SessionContext>;
}

/**
 * Who is signed in. While the browser hydrates the page the Worker rendered for a guest, a guest,
 * so hydration matches the HTML; the reader's own session applies right after (the account menu,
 * edit links).
 */
export function useSession(): Session {
  const context = use(SessionContext);
  if (!context) throw new Error("useSession must be used inside <SessionProvider>");
  return useHydrated() ? context.session : context.guest;
}
