import type { ReactNode } from "react";

/** Empty and error states of the game pages. */
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
      <p className="text-lg font-semibold">{title}</p>
      {children ? <div className="mt-2 text-sm opacity-90">{children}</div> : null}
    </div>
  );
}
