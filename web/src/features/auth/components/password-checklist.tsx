import { passwordChecks } from "@schemas/auth";

const ITEMS = [
  ["length", "At least 8 characters"],
  ["uppercase", "One uppercase letter"],
  ["lowercase", "One lowercase letter"],
  ["number", "One number"],
  ["special", "One special character"],
] as const;

/** The register page's live password requirement checklist. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const checks = passwordChecks(password);
  return (
    <ul id={id} aria-label="Password requirements" className="mt-2 grid gap-1 text-xs sm:grid-cols-2">
      {ITEMS.map(([key, label]) => {
        const met = checks[key];
        return (
          <li
            key={key}
            data-met={met}
            className={`flex items-center gap-1.5 ${met ? "text-emerald-700 dark:text-emerald-400" : "text-ink-muted"}`}
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              {met ? <path d="M4 10.5l4 4 8-9" /> : <circle cx="10" cy="10" r="6" />}
            </svg>
            <span>
              {label}
              <span className="sr-only">{met ? " (met)" : " (not met)"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
