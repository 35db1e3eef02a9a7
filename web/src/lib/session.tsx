import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { isAdminRole, isModeratorLevel } from "@shared/roles";
import type { User } from "@schemas/user";
import { api, onUnauthorized, unwrap } from "./api-client";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

export type Session = {
  status: SessionStatus;
  user: User | null;
  /** Stores token and user (spec §4: sign-in stores both). */
  signIn(token: string, user: User): void;
  /** Ends the session on the server (best effort) and clears both keys. */
  signOut(): Promise<void>;
  /** Replaces the stored user after a profile change. */
  setUser(user: User): void;
  isModerator: boolean;
  isAdmin: boolean;
};

const SessionContext = createContext<Session | null>(null);

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: number };
    return typeof payload.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

function clearStored() {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.user, null);
  writeStorage(STORAGE_KEYS.legacyUser, null);
}

/** Restores the saved session; bad saved user data removes both keys (spec §4). */
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
    const expiry = tokenExpiry(token);
    if (expiry !== null && expiry <= Date.now()) throw new Error("expired");
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

  // Any 401 removes both keys and sends the browser to /login (spec §4, §8).
  useEffect(
    () =>
      onUnauthorized(() => {
        clear();
        onSignedOutRef.current?.();
      }),
    [clear],
  );

  // Refresh the access token a few minutes before it expires (rotates the session's token).
  useEffect(() => {
    if (!token) return;
    const expiry = tokenExpiry(token);
    if (expiry === null) return;
    const delay = Math.max(expiry - Date.now() - REFRESH_MARGIN_MS, 0);
    const timer = setTimeout(async () => {
      try {
        const res = await unwrap(api.api.auth.refresh.$post());
        writeStorage(STORAGE_KEYS.token, res.token);
        writeStorage(STORAGE_KEYS.user, JSON.stringify(res.user));
        setToken(res.token);
        setUserState(res.user);
      } catch {
        // A 401 already cleared the session; other failures retry on the next load.
      }
    }, delay);
    return () => clearTimeout(timer);
  }, [token]);

  const signIn = useCallback((newToken: string, newUser: User) => {
    writeStorage(STORAGE_KEYS.token, newToken);
    writeStorage(STORAGE_KEYS.user, JSON.stringify(newUser));
    setToken(newToken);
    setUserState(newUser);
    setStatus("authenticated");
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.api.auth.logout.$post();
    } catch {
      // Signing out locally matters most; the server session expires on its own.
    }
    clear();
  }, [clear]);

  const setUser = useCallback((next: User) => {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(next));
    setUserState(next);
  }, []);

  // The saved user can be stale (roles or status changed elsewhere): confirm it with the server
  // once per page load. A revoked session or deactivated account answers 401, which clears it.
  useEffect(() => {
    if (!initial) return;
    let cancelled = false;
    unwrap(api.api.auth.me.$get())
      .then((res) => {
        if (!cancelled && readStorage(STORAGE_KEYS.token) === initial.token) setUser(res.user);
      })
      .catch(() => {
        // 401 is handled by the listener; other failures keep the saved user.
      });
    return () => {
      cancelled = true;
    };
  }, [initial, setUser]);

  const value = useMemo<Session>(() => {
    const roles = user?.roles ?? [];
    return {
      status,
      user,
      signIn,
      signOut,
      setUser,
      isModerator: isModeratorLevel(roles),
      isAdmin: isAdminRole(roles),
    };
  }, [status, user, signIn, signOut, setUser]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error("useSession must be used inside <SessionProvider>");
  return session;
}
