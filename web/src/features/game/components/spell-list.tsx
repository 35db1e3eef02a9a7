import type { Spell } from "@schemas/spell";
import { Link } from "react-router";
import { spellsBySchool } from "@/features/game/lib/game-ui";
import { paths } from "@shared/paths";

/** The faction's mage-guild spells, by school (spec order) and level. */
export function SpellList({ spells }: { spells: Spell[] }) {
  const schools = spellsBySchool(spells);
  if (!schools.length) return <p className="text-ink-muted">This faction's mage guild offers no spells yet.</p>;
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      {schools.map((group) => (
        <section key={group.school} aria-labelledby={`school-${group.school}`} className="rounded-xl border border-line bg-surface p-4">
          <h3 id={`school-${group.school}`} className="font-semibold text-ink">
            {group.school} magic
          </h3>
          <ul className="mt-2 divide-y divide-line text-sm">
            {group.spells.map((spell) => (
              <li key={spell.id} className="flex items-baseline justify-between gap-3 py-1.5">
                <span className="min-w-0">
                  <span className="text-ink-muted">Level {spell.level}</span> · <Link to={paths.spell(spell.id)} className="font-medium text-ink hover:underline">
                    {spell.name}
                  </Link>
                  {spell.isCommon ? <span className="ml-1 text-xs text-ink-muted">(common)</span> : null}
                </span>
                <span className="shrink-0 text-xs text-ink-muted tabular-nums">{spell.manaCost} mana</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
