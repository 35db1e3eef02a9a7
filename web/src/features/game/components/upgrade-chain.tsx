import { Link } from "react-router";
import { UPGRADE_LEVEL_LABELS } from "@shared/game";
import { CHAIN_CARD_OFFSCREEN } from "@/lib/offscreen";
import type { Unit } from "@schemas/unit";
import { signed, statDiffs, UNIT_STATS } from "@/features/game/lib/unit-stats";
import { paths } from "@shared/paths";

const levelLabel = (level: number) => UPGRADE_LEVEL_LABELS[level] ?? `Upgrade ${level}`;

/**
 * The unit's upgrade chain (Normal → Upgrade 1 → Upgrade 2) side by side: every stat per level,
 * and what changed from the level before (+2 attack...), better changes in green.
 */
export function UpgradeChain({ chain, currentId }: { chain: readonly Unit[]; currentId: number }) {
  return (
    <ol className="grid gap-4 md:grid-cols-3" data-testid="upgrade-chain">
      {chain.map((unit, i) => {
        const previous = i > 0 ? chain[i - 1] : undefined;
        const diffs = previous ? statDiffs(previous, unit) : [];
        const changed = new Map(diffs.map((d) => [d.stat.key, d]));
        const current = unit.id === currentId;
        return (
          <li
            key={unit.id}
            aria-current={current ? "page" : undefined}
            className={`rounded-2xl border bg-surface p-4 ${CHAIN_CARD_OFFSCREEN} ${current ? "border-brand-600 ring-2 ring-brand-600/30" : "border-line"}`}
          >
            <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{levelLabel(unit.upgradeLevel)}</p>
            <h3 className="mt-1 font-display text-lg font-bold text-ink">
              {current ? unit.name : <Link to={paths.unit(unit.id)} className="hover:underline">{unit.name}</Link>}
            </h3>
            {previous ? (
              <p className="mt-1 text-sm text-ink-muted" data-testid="upgrade-diff-summary">
                {diffs.length
                  ? `Compared with ${previous.name}: ${diffs.map((d) => `${signed(d.delta)} ${d.stat.label.toLowerCase()}`).join(", ")}`
                  : `Same stats as ${previous.name}`}
              </p>
            ) : null}
            <dl className="mt-3 space-y-1 text-sm">
              {UNIT_STATS.map((stat) => {
                const diff = changed.get(stat.key);
                return (
                  <div key={stat.key} className="flex items-baseline justify-between gap-2">
                    <dt className="text-ink-muted">{stat.label}</dt>
                    <dd className="font-semibold text-ink tabular-nums">
                      {unit[stat.key]}
                      {diff ? (
                        <span
                          aria-hidden="true"
                          data-testid={`diff-${stat.key}`}
                          className={`ml-1.5 text-xs font-bold ${diff.better ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
                        >
                          {signed(diff.delta)}
                        </span>
                      ) : null}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
