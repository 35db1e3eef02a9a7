import { useCallback, useState, useSyncExternalStore } from "react";

/** Change-password attempts. */
export const MAX_PASSWORD_ATTEMPTS = 3;
export const ATTEMPT_MESSAGES = {
  1: "First failed attempt. 2 attempts remaining.",
  2: "Second failed attempt. 1 attempt remaining.",
  3: "Too many failed attempts. Please refresh the page and try again.",
} as const;

// Blocked until the page is refreshed: module state lives exactly as long as the page.
let blocked = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setBlocked = () => {
  blocked = true;
  for (const listener of listeners) listener();
};

/**
 * The change-password attempt counter: each failed attempt counts; the third blocks the form
 * until the page is refreshed. `reset` (success, dialog closed) clears the count, not the block.
 */
export function usePasswordAttempts() {
  const [failures, setFailures] = useState(0);
  const isBlocked = useSyncExternalStore(subscribe, () => blocked, () => blocked);

  const recordFailure = useCallback(() => {
    const next = Math.min(failures + 1, MAX_PASSWORD_ATTEMPTS);
    setFailures(next);
    if (next >= MAX_PASSWORD_ATTEMPTS) setBlocked();
  }, [failures]);
  const reset = useCallback(() => setFailures(0), []);

  const notice = isBlocked
    ? ATTEMPT_MESSAGES[3]
    : failures === 1 || failures === 2
      ? ATTEMPT_MESSAGES[failures]
      : null;
  return { failures, blocked: isBlocked, notice, recordFailure, reset };
}
