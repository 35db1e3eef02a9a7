import type { Alignment } from "@shared/game";
import { alignmentBadgeClass } from "@/features/game/lib/game-ui";

/** Order blue, Chaos red, Neutral purple (spec). */
export function AlignmentBadge({ alignment, className = "" }: { alignment: Alignment; className?: string }) {
  return (
    <span data-alignment={alignment} className={alignmentBadgeClass(alignment, className)}>
      {alignment}
    </span>
  );
}
