import { useHydrated } from "@/lib/hydrated";
import { useTheme } from "@/lib/theme";

export function SunIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2m0 16v2M4.93 4.93l1.41 1.41m11.32 11.32l1.41 1.41M2 12h2m16 0h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
    </svg>
  );
}

export function MoonIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
    </svg>
  );
}

/** The theme's icon: a sun in dark mode, a moon in light mode, chosen by CSS (right at first paint). */
export function ThemeIcon() {
  return (
    <>
      <SunIcon className="hidden h-5 w-5 dark:block" />
      <MoonIcon className="h-5 w-5 dark:hidden" />
    </>
  );
}

/**
 * The theme the toggle switches to. Until hydration it is unknown to React (the prerendered
 * shell cannot know the visitor's theme), so it says "Switch theme".
 */
export function useNextThemeLabel(): string {
  const { theme } = useTheme();
  const hydrated = useHydrated();
  if (!hydrated) return "Switch theme";
  return `Switch to ${theme === "dark" ? "light" : "dark"} mode`;
}

/** Icon button that flips light/dark and saves the choice. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const { toggleTheme } = useTheme();
  const label = useNextThemeLabel();
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      <ThemeIcon />
    </button>
  );
}
