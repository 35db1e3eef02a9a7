import type { Unit } from "@schemas/unit";

/** Every stat of a unit as a definition list (damage as min–max). */
export function UnitStatList({ unit, className = "" }: { unit: Unit; className?: string }) {
  const rows: [string, string][] = [
    ["Attack", String(unit.attack)],
    ["Defense", String(unit.defense)],
    ["Damage", `${unit.minDamage}–${unit.maxDamage}`],
    ["Health", String(unit.health)],
    ["Speed", String(unit.speed)],
    ["Initiative", String(unit.initiative)],
    ["Morale", String(unit.morale)],
    ["Luck", String(unit.luck)],
    ["Cost", `${unit.cost} gold`],
    ["Weekly growth", String(unit.weeklyGrowth)],
  ];
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
