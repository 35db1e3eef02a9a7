/**
 * The unit stats as the unit page, the upgrade chain and the comparison show them: labels,
 * which way is better, and the pure rules for marking the best value and the differences.
 */
import type { Unit } from "@schemas/unit";

export type StatKey =
  | "attack"
  | "defense"
  | "minDamage"
  | "maxDamage"
  | "health"
  | "speed"
  | "initiative"
  | "morale"
  | "luck"
  | "cost"
  | "weeklyGrowth";

export type StatDef = {
  key: StatKey;
  label: string;
  /** Lower is better (cost); otherwise higher is better. */
  lowerIsBetter?: boolean;
};

/** Every numeric stat of a unit, in the order pages list them. */
export const UNIT_STATS: readonly StatDef[] = [
  { key: "attack", label: "Attack" },
  { key: "defense", label: "Defense" },
  { key: "minDamage", label: "Min damage" },
  { key: "maxDamage", label: "Max damage" },
  { key: "health", label: "Health" },
  { key: "speed", label: "Speed" },
  { key: "initiative", label: "Initiative" },
  { key: "morale", label: "Morale" },
  { key: "luck", label: "Luck" },
  { key: "cost", label: "Cost", lowerIsBetter: true },
  { key: "weeklyGrowth", label: "Weekly growth" },
];

/** The main combat stats the comparison chart draws. */
export const CHART_STATS: readonly StatDef[] = UNIT_STATS.filter((s) =>
  ["attack", "defense", "minDamage", "maxDamage", "health", "speed", "initiative"].includes(s.key),
);

type Stats = Pick<Unit, StatKey>;

/**
 * The indexes of the units holding the best value of a stat (all of them on a tie); none when
 * every unit has the same value (nothing stands out) or there is only one unit.
 */
export function bestIndexes(units: readonly Stats[], stat: StatDef): number[] {
  if (units.length < 2) return [];
  const values = units.map((u) => u[stat.key]);
  const best = stat.lowerIsBetter ? Math.min(...values) : Math.max(...values);
  if (values.every((v) => v === best)) return [];
  return values.flatMap((v, i) => (v === best ? [i] : []));
}

export type StatDiff = { stat: StatDef; delta: number; better: boolean };

/** How `next` differs from `previous`, stat by stat (unchanged stats left out). */
export function statDiffs(previous: Stats, next: Stats): StatDiff[] {
  return UNIT_STATS.flatMap((stat) => {
    const delta = next[stat.key] - previous[stat.key];
    if (delta === 0) return [];
    return [{ stat, delta, better: stat.lowerIsBetter ? delta < 0 : delta > 0 }];
  });
}

/** "+2" or "−3" (a real minus sign). */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${Math.abs(n)}` : "0");

/** A unit's stat list as the unit page shows it (damage as min–max, cost in gold): label, value. */
export function unitStatRows(unit: Unit): [string, string][] {
  return [
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
}
