import { useState } from "react";
import { UNIT_COMPARE_MAX } from "@shared/game";
import { Button } from "@/components/ui/button";
import { addToCompare, removeFromCompare, useCompareList } from "@/features/game/hooks/use-compare-list";

/** Adds the unit to the comparison or takes it out (a toggle button); says so when the tray is full. */
export function CompareToggle({ unit, size = "sm" }: { unit: { id: number; name: string }; size?: "sm" | "md" }) {
  const list = useCompareList();
  const [full, setFull] = useState(false);
  const chosen = list.some((e) => e.id === unit.id);
  const toggle = () => {
    if (chosen) {
      removeFromCompare(unit.id);
      setFull(false);
    } else {
      setFull(!addToCompare(unit));
    }
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant={chosen ? "primary" : "secondary"}
        size={size}
        aria-pressed={chosen}
        onClick={toggle}
        aria-label={`Compare ${unit.name}`}
        data-testid="compare-toggle"
      >
        <span aria-hidden="true">{chosen ? "✓" : "+"}</span>
        Compare
      </Button>
      {full && !chosen ? (
        <span role="status" className="text-xs text-red-700 dark:text-red-300">
          At most {UNIT_COMPARE_MAX} units can be compared. Remove one first.
        </span>
      ) : null}
    </span>
  );
}
