import type { ReactNode } from "react";

const tones = {
  error: "border-red-600/40 bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100",
  success: "border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100",
  warning: "border-amber-600/40 bg-amber-50 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100",
  info: "border-sky-600/40 bg-sky-50 text-sky-950 dark:bg-sky-950/60 dark:text-sky-100",
} as const;

/** An inline message box. Errors are announced at once (role=alert), the rest politely. */
export function Alert({ tone = "error", title, children, className = "" }: { tone?: keyof typeof tones; title?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border p-4 text-sm ${tones[tone]} ${className}`}>
      {title ? <h2 className="mb-1 text-base font-semibold">{title}</h2> : null}
      {children}
    </div>
  );
}
