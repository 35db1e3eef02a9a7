import { Link } from "react-router";
import type { Hero } from "@schemas/hero";
import { Portrait } from "./portrait";
import { StatList } from "./stat-list";
import { paths } from "@shared/paths";

/** A hero on the faction page: every field the spec lists. */
export function HeroCard({ hero }: { hero: Hero }) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm" aria-labelledby={`hero-${hero.id}`}>
      <div className="flex items-start gap-4">
        <Portrait src={hero.portraitUrl} name={hero.name} size={80} />
        <div className="min-w-0">
          <h3 id={`hero-${hero.id}`} className="text-lg font-semibold text-ink">
            <Link to={paths.hero(hero.id)} className="hover:text-brand-700 hover:underline dark:hover:text-brand-400">
              {hero.name}
            </Link>
          </h3>
          {hero.title ? <p className="text-sm text-ink-muted italic">{hero.title}</p> : null}
          <p className="mt-1 text-sm">
            <span className="font-medium text-ink">{hero.heroClass || hero.heroType}</span>
            {hero.heroClass ? <span className="text-ink-muted"> · {hero.heroType}</span> : null}
          </p>
        </div>
      </div>
      <p className="text-sm text-ink-muted">{hero.summary || hero.biography}</p>
      <StatList
        columns={4}
        stats={[
          { label: "Attack", value: hero.startingAttack },
          { label: "Defense", value: hero.startingDefense },
          { label: "Spell Power", value: hero.startingSpellPower },
          { label: "Knowledge", value: hero.startingKnowledge },
        ]}
      />
      {hero.specialty ? (
        <div className="mt-auto rounded-lg bg-surface-muted p-3 text-sm">
          <p className="font-semibold text-ink">Specialty: {hero.specialty}</p>
          {hero.specialtyDescription ? <p className="mt-0.5 text-ink-muted">{hero.specialtyDescription}</p> : null}
        </div>
      ) : null}
    </article>
  );
}
