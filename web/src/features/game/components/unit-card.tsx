import { Link } from "react-router";
import type { Unit } from "@schemas/unit";
import { tierLabel, UPGRADE_LEVEL_LABELS } from "@shared/game";
import { abilityList } from "@/features/game/lib/game-text";
import { CompareToggle } from "./compare-toggle";
import { Portrait } from "./portrait";
import { StatList } from "./stat-list";
import { paths } from "@shared/paths";


/**
 * A unit on the faction page: portrait, name, tier, summary (or description), the stats the spec
 * lists, special abilities, and its upgrade chain (Normal → Upgrade 1 → Upgrade 2) with this
 * unit marked. The name and the chain link to the unit pages; Compare adds it to the comparison.
 */
export function UnitCard({ unit, chain }: { unit: Unit; chain: Unit[] }) {
  const abilities = abilityList(unit.specialAbilities);
  return (
    <article className="flex h-full flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm" aria-labelledby={`unit-${unit.id}`}>
      <div className="flex items-start gap-4">
        <Portrait src={unit.portraitUrl} name={unit.name} size={80} />
        <div className="min-w-0">
          <h3 id={`unit-${unit.id}`} className="text-lg font-semibold text-ink">
            <Link to={paths.unit(unit.id)} className="hover:text-brand-700 hover:underline dark:hover:text-brand-400">
              {unit.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm text-ink-muted">
            {tierLabel(unit.tier)} · {unit.unitType} · {UPGRADE_LEVEL_LABELS[unit.upgradeLevel] ?? `Level ${unit.upgradeLevel}`}
          </p>
        </div>
      </div>
      <p className="text-sm text-ink-muted">{unit.summary || unit.description}</p>
      <StatList
        stats={[
          { label: "Attack", value: unit.attack },
          { label: "Defense", value: unit.defense },
          { label: "Damage", value: `${unit.minDamage}–${unit.maxDamage}` },
          { label: "Health", value: unit.health },
          { label: "Speed", value: unit.speed },
          { label: "Cost", value: unit.cost },
        ]}
      />
      {abilities.length ? (
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Special abilities</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-ink">
            {abilities.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {chain.length > 1 ? (
        <div className="mt-auto border-t border-line pt-3">
          <h4 className="sr-only">Upgrade chain</h4>
          <ol className="flex flex-wrap items-center gap-1 text-xs text-ink-muted" aria-label="Upgrade chain">
            {chain.map((u, i) => (
              <li key={u.id} className="flex items-center gap-1">
                {i > 0 ? <span aria-hidden="true">→</span> : null}
                {u.id === unit.id ? (
                  <span aria-current="true" className="font-semibold text-ink">
                    {u.name}
                  </span>
                ) : (
                  <Link to={paths.unit(u.id)} className="hover:text-ink hover:underline">
                    {u.name}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className={chain.length > 1 ? "" : "mt-auto"}>
        <CompareToggle unit={unit} />
      </div>
    </article>
  );
}
