import { createContext, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";

export type Theme = "light" | "dark";

type ThemeState = {
  theme: Theme;
  /** True once the visitor picked a theme; until then the theme follows the system. */
  isStored: boolean;
  toggleTheme(): void;
};

const ThemeContext = createContext<ThemeState | null>(null);
const DARK_QUERY = "(prefers-color-scheme: dark)";

function systemTheme(): Theme {
  try {
    return matchMedia(DARK_QUERY).matches ? "dark" : "light";
  } catch {
    return "light";
  }
}

/** Same rule as the inline THEME_INIT_SCRIPT (worker/lib/security-headers.ts, runs before paint): a stored value wins, else the system. */
function storedTheme(): Theme | null {
  const stored = readStorage(STORAGE_KEYS.theme);
  if (stored === null) return null;
  return stored === "dark" ? "dark" : "light";
}

/** The system preference as an external store, so the theme follows it live. */
function subscribeSystem(onChange: () => void): () => void {
  let query: MediaQueryList;
  try {
    query = matchMedia(DARK_QUERY);
  } catch {
    return () => {};
  }
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

/** Light/dark theme: stored choice, else system preference, followed live while nothing is stored. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<Theme | null>(storedTheme);
  const system = useSyncExternalStore(subscribeSystem, systemTheme, () => "light" as Theme);
  const theme = stored ?? system;

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  // Another tab changed (or cleared) the choice.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.theme || event.key === null) setStored(storedTheme());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const toggleTheme = useCallback(() => {
    const next: Theme = theme === "dark" ? "light" : "dark";
    writeStorage(STORAGE_KEYS.theme, next);
    setStored(next);
  }, [theme]);

  const value = useMemo(() => ({ theme, isStored: stored !== null, toggleTheme }), [theme, stored, toggleTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeState {
  const state = use(ThemeContext);
  if (!state) throw new Error("useTheme must be used inside <ThemeProvider>");
  return state;
}
