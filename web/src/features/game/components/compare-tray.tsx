import { Link } from "react-router";
import { UNIT_COMPARE_MAX, UNIT_COMPARE_MIN } from "@shared/game";
import { buttonClass } from "@/components/ui/button";
import { clearCompare, removeFromCompare, useCompareList } from "@/features/game/hooks/use-compare-list";
import { paths } from "@shared/paths";
import { compareSearch } from "@shared/game";

/**
 * The current comparison choice, fixed at the bottom of the unit pages while it holds a unit:
 * the chosen units (each removable), Compare (from 2 units) and Clear. Kept in localStorage.
 */
export function CompareTray() {
  const list = useCompareList();
  if (!list.length) return null;
  const ready = list.length >= UNIT_COMPARE_MIN;
  return (
    <aside
      aria-label="Units to compare"
      data-testid="compare-tray"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-3">
        <h2 className="text-sm font-semibold text-ink">
          Compare ({list.length}/{UNIT_COMPARE_MAX})
        </h2>
        <ul className="flex flex-1 flex-wrap gap-2">
          {list.map((e) => (
            <li key={e.id} className="flex items-center gap-1 rounded-full border border-line bg-surface-muted py-0.5 pr-1 pl-3 text-sm text-ink">
              <Link to={paths.unit(e.id)} className="max-w-[12rem] truncate hover:underline">
                {e.name}
              </Link>
              <button
                type="button"
                onClick={() => removeFromCompare(e.id)}
                aria-label={`Remove ${e.name} from comparison`}
                className="flex h-6 w-6 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <button type="button" onClick={clearCompare} className={buttonClass({ variant: "ghost", size: "sm" })}>
            Clear
          </button>
          {ready ? (
            <Link to={paths.compare(compareSearch(list.map((e) => e.id)))} className={buttonClass({ size: "sm" })} data-testid="compare-open">
              Compare {list.length} units
            </Link>
          ) : (
            <span className="text-xs text-ink-muted">Add one more unit to compare</span>
          )}
        </div>
      </div>
    </aside>
  );
}
