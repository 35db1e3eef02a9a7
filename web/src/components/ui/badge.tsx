import type { ReactNode } from "react";

export type BadgeTone = "brand" | "neutral" | "success" | "warning" | "danger" | "info";

const tones: Record<BadgeTone, string> = {
  brand: "bg-brand-100 text-brand-900 ring-brand-700/20 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-400/30",
  neutral: "bg-stone-100 text-stone-800 ring-stone-600/20 dark:bg-stone-800 dark:text-stone-200 dark:ring-stone-400/20",
  success: "bg-emerald-100 text-emerald-900 ring-emerald-700/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30",
  warning: "bg-amber-100 text-amber-900 ring-amber-700/20 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30",
  danger: "bg-red-100 text-red-900 ring-red-700/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30",
  info: "bg-sky-100 text-sky-900 ring-sky-700/20 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-400/30",
};

export function badgeClass(tone: BadgeTone = "neutral", className = ""): string {
  return `inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]} ${className}`;
}

/** A small label: status (Published/Draft), tags, roles. */
export function Badge({ tone = "neutral", children, className = "" }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={badgeClass(tone, className)}>{children}</span>;
}
