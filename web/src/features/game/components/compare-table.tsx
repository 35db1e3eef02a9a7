import { Link } from "react-router";
import { tierLabel, UPGRADE_LEVEL_LABELS } from "@shared/game";
import type { UnitWithFaction } from "@schemas/unit";
import { bestIndexes, UNIT_STATS } from "@/features/game/lib/unit-stats";
import { Portrait } from "./portrait";
import { paths } from "@shared/paths";

/**
 * Every stat of the compared units, one column per unit; in each stat row the best value (the
 * highest, or the lowest cost) is marked with a star and "best" for screen readers. A row where
 * every unit is equal marks nothing.
 */
export function CompareTable({ units, onRemove }: { units: readonly UnitWithFaction[]; onRemove?: (id: number) => void }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="compare-table">
        <caption className="sr-only">Stats of the compared units; the best value of each row is marked “best”.</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="w-40 px-3 py-3 text-left font-semibold text-ink-muted">
              Unit
            </th>
            {units.map((unit) => (
              <th key={unit.id} scope="col" className="px-3 py-3 text-left align-top font-normal">
                <div className="flex items-start gap-3">
                  <Portrait src={unit.portraitUrl} name={unit.name} size={48} />
                  <div className="min-w-0">
                    {/* Each link at least 24 px tall (WCAG 2.5.8, target size): they stack without space between. */}
                    <Link to={paths.unit(unit.id)} className="block py-0.5 font-semibold text-ink hover:underline">
                      {unit.name}
                    </Link>
                    <Link to={paths.faction(unit.faction.id)} className="block py-1 text-xs text-ink-muted hover:underline">
                      {unit.faction.name}
                    </Link>
                    {onRemove ? (
                      <button
                        type="button"
                        onClick={() => onRemove(unit.id)}
                        className="mt-1 text-xs font-semibold text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-red-300"
                        aria-label={`Remove ${unit.name} from the comparison`}
                      >
                        Remove
                      </button>
                    ) : null}
                  </div>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-line">
            <th scope="row" className="px-3 py-2 text-left font-medium text-ink-muted">
              Tier
            </th>
            {units.map((u) => (
              <td key={u.id} className="px-3 py-2 text-ink">
                {tierLabel(u.tier)} · {UPGRADE_LEVEL_LABELS[u.upgradeLevel] ?? `Upgrade ${u.upgradeLevel}`}
              </td>
            ))}
          </tr>
          <tr className="border-b border-line">
            <th scope="row" className="px-3 py-2 text-left font-medium text-ink-muted">
              Type
            </th>
            {units.map((u) => (
              <td key={u.id} className="px-3 py-2 text-ink">
                {u.unitType}
              </td>
            ))}
          </tr>
          {UNIT_STATS.map((stat) => {
            const best = new Set(bestIndexes(units, stat));
            return (
              <tr key={stat.key} className="border-b border-line last:border-b-0" data-stat={stat.key}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-ink-muted">
                  {stat.label}
                  {stat.lowerIsBetter ? <span className="block text-xs font-normal">lower is better</span> : null}
                </th>
                {units.map((u, i) => (
                  <td
                    key={u.id}
                    data-best={best.has(i) ? "true" : undefined}
                    className={`px-3 py-2 tabular-nums ${best.has(i) ? "bg-emerald-50 font-bold text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200" : "text-ink"}`}
                  >
                    {u[stat.key]}
                    {best.has(i) ? (
                      <>
                        <span aria-hidden="true" className="ml-1.5">
                          ★
                        </span>
                        <span className="sr-only"> (best)</span>
                      </>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
