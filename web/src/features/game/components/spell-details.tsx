import { Link } from "react-router";
import type { SpellWithFactions } from "@schemas/spell";
import { effectEntries } from "@/features/game/lib/game-text";
import { NO_TEACHER_TEXT, spellDetailRows } from "@/features/game/lib/game-ui";
import { paths } from "@shared/paths";

/**
 * A spell's numbers and rules: mana cost, base power, duration, type, target, requirement,
 * effects, and the factions whose mage guilds teach it. The faction links are at least 24×24
 * CSS px (WCAG 2.5.8 target size): a spell book page lists many of them.
 */
export function SpellDetails({ spell, headingLevel = 3 }: { spell: SpellWithFactions; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const effects = effectEntries(spell.effects);
  const rows = spellDetailRows(spell);
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd className="font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {effects.length ? (
        <div>
          <H className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Effects</H>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-ink">
            {effects.map((e) => (
              <li key={e.label}>
                <span className="text-ink-muted">{e.label}:</span> {e.value}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <H className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Taught by</H>
        {spell.factions.length ? (
          <ul className="mt-1 flex flex-wrap gap-2">
            {spell.factions.map((f) => (
              <li key={f.id}>
                <Link to={paths.faction(f.id)} className="inline-flex min-h-6 min-w-6 items-center justify-center py-0.5 text-brand-700 hover:underline dark:text-brand-400">
                  {f.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-ink-muted">{NO_TEACHER_TEXT}</p>
        )}
      </div>
    </div>
  );
}
