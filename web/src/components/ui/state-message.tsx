import type { ReactNode } from "react";

/**
 * The empty and error states of the public pages ("No Media Found", "Failed to Load News"...):
 * a dashed box for "nothing here", an alert box (announced to screen readers) for a failed load.
 * The title is a heading, so it shows in a screen reader's outline of the page.
 */
export function StateMessage({ tone = "neutral", title, children }: { tone?: "neutral" | "error"; title: string; children?: ReactNode }) {
  const isError = tone === "error";
  return (
    <div
      role={isError ? "alert" : undefined}
      className={
        isError
          ? "rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
          : "rounded-xl border border-dashed border-line p-8 text-center text-ink-muted"
      }
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="mt-2 space-y-1 text-sm opacity-90">{children}</div> : null}
    </div>
  );
}
