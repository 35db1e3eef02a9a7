import type { Unit } from "@schemas/unit";
import { unitStatRows } from "@/features/game/lib/unit-stats";

/** Every stat of a unit as a definition list (damage as min–max). */
export function UnitStatList({ unit, className = "" }: { unit: Unit; className?: string }) {
  const rows = unitStatRows(unit);
  return (
    <dl className={`grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-line bg-line sm:grid-cols-5 ${className}`} data-testid="unit-stats">
      {rows.map(([label, value]) => (
        <div key={label} className="bg-surface px-3 py-2">
          <dt className="text-xs font-medium text-ink-muted">{label}</dt>
          <dd className="text-lg font-semibold text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
