/** Browser storage keys. */
export const STORAGE_KEYS = {
  token: "authToken",
  user: "authUser",
  theme: "theme",
  /** The units chosen for comparison (the compare tray), `[{ id, name }]`. */
  compareUnits: "compareUnits",
  /** Media uploads this browser started and has not finished (ids, file names and sizes), for resuming. */
  unfinishedUploads: "unfinishedUploads",
  /** Legacy app-state keys the original site kept; cleared on sign-out. */
  legacyTheme: "app-theme",
  legacyUser: "app-user",
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working in memory.
  }
}
