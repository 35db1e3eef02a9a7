import type { Alignment } from "@shared/game";

/** Order blue, Chaos red, Neutral purple (spec). */
const tones: Record<Alignment, string> = {
  Order: "bg-blue-100 text-blue-900 ring-blue-700/25 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-400/30",
  Chaos: "bg-red-100 text-red-900 ring-red-700/25 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30",
  Neutral: "bg-purple-100 text-purple-900 ring-purple-700/25 dark:bg-purple-950 dark:text-purple-200 dark:ring-purple-400/30",
};

export function AlignmentBadge({ alignment, className = "" }: { alignment: Alignment; className?: string }) {
  return (
    <span
      data-alignment={alignment}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[alignment]} ${className}`}
    >
      {alignment}
    </span>
  );
}
