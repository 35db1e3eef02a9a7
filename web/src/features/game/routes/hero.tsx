import { Link, useParams } from "react-router";
import { RARITY_RANGE } from "@shared/game";
import { heroMeta } from "@/features/game/lib/game-seo";
import { SECTION_OFFSCREEN } from "@/lib/offscreen";
import { parseId } from "@shared/ids";
import { useSiteOrigin } from "@/lib/page-head";
import { gameKeys } from "@/features/game/lib/game-keys";
import type { FirstViewRequest } from "@/app/routes";
import { Badge } from "@/components/ui/badge";
import { isNotFound } from "@/lib/api-client";
import { useHeroPage } from "@/features/game/api/get-hero-page";
import { FactionMemberHeader, FactionMemberSkeleton } from "@/features/game/components/faction-member-header";
import { PageLoadError } from "@/components/page-load-error";
import { MISSING_ITEMS } from "@/lib/missing-items";
import { MissingItemView } from "@/components/missing-item";
import { StatList } from "@/features/game/components/stat-list";
import { textList } from "@/features/game/lib/game-text";
import { paths } from "@shared/paths";

/** The first view reads the hero (worker/pages writes the answer into the HTML). */
/** Its own record missing: the route's 404 view. */
export const missingItem = MISSING_ITEMS.hero;

export function firstView({ params }: FirstViewRequest) {
  const id = parseId(params.id);
  return [id === null ? null : gameKeys.heroPage(id)];
}

/**
 * /heroes/{id}: portrait, faction, class and type, title, rarity, starting stats, specialty,
 * starting skills and spells (linked to the spell book), biography.
 */
export function Component() {
  const id = parseId(useParams().id);
  const origin = useSiteOrigin();
  const { data: hero, error, isLoading, mutate } = useHeroPage(id);

  if (id === null || isNotFound(error)) {
    return <MissingItemView item={MISSING_ITEMS.hero} />;
  }
  if (error && !hero) return <PageLoadError title="Failed to Load Hero" error={error} onRetry={() => void mutate()} />;
  if (isLoading || !hero) return <FactionMemberSkeleton label="Loading hero..." title="Hero" width="max-w-5xl" />;

  const meta = heroMeta(origin, hero);
  const skills = textList(hero.startingSkills);
  const spellNames = textList(hero.startingSpells);
  const linked = new Map((hero.spells ?? []).map((s) => [s.name, s]));

  return (
    <article className="mx-auto max-w-5xl px-4 py-8">
      <FactionMemberHeader
        entity={hero}
        meta={meta}
        badges={
          <>
            <Badge tone="brand">{hero.heroType}</Badge>
            {hero.heroClass ? <Badge>{hero.heroClass}</Badge> : null}
            <Badge tone="info">
              <span aria-hidden="true" className="mr-1 tracking-tighter">
                {"★".repeat(hero.rarityLevel)}
                {"☆".repeat(Math.max(0, RARITY_RANGE.max - hero.rarityLevel))}
              </span>
              Rarity {hero.rarityLevel} of {RARITY_RANGE.max}
            </Badge>
            {!hero.isActive ? <Badge tone="warning">Inactive</Badge> : null}
          </>
        }
        subtitle={hero.title ? <p className="mt-1 text-lg text-ink-muted italic">{hero.title}</p> : null}
      />

      <section aria-labelledby="hero-stats" className="mt-8 rounded-2xl border border-line bg-surface p-5">
        <h2 id="hero-stats" className="font-display text-xl font-bold text-ink">
          Starting stats
        </h2>
        <div className="mt-3">
          <StatList
            columns={4}
            stats={[
              { label: "Attack", value: hero.startingAttack },
              { label: "Defense", value: hero.startingDefense },
              { label: "Spell Power", value: hero.startingSpellPower },
              { label: "Knowledge", value: hero.startingKnowledge },
            ]}
          />
        </div>
      </section>

      <section aria-labelledby="hero-specialty" className="mt-6">
        <h2 id="hero-specialty" className="font-display text-xl font-bold text-ink">
          Specialty: {hero.specialty || "None"}
        </h2>
        {hero.specialtyDescription ? <p className="mt-2 text-ink">{hero.specialtyDescription}</p> : null}
      </section>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="hero-skills">
          <h2 id="hero-skills" className="font-display text-xl font-bold text-ink">
            Starting skills
          </h2>
          {skills.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
              {skills.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-ink-muted">No starting skills.</p>
          )}
        </section>
        <section aria-labelledby="hero-spells">
          <h2 id="hero-spells" className="font-display text-xl font-bold text-ink">
            Starting spells
          </h2>
          {spellNames.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-ink" data-testid="hero-spells">
              {spellNames.map((name) => {
                const spell = linked.get(name);
                return (
                  <li key={name}>
                    {spell ? (
                      <>
                        <Link to={paths.spell(spell.id)} className="font-medium text-brand-700 hover:underline dark:text-brand-400">
                          {spell.name}
                        </Link>{" "}
                        <span className="text-sm text-ink-muted">
                          ({spell.school}, level {spell.level})
                        </span>
                      </>
                    ) : (
                      name
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="mt-2 text-ink-muted">No starting spells.</p>
          )}
          <p className="mt-3 text-sm">
            <Link to={paths.spells()} className="text-brand-700 hover:underline dark:text-brand-400">
              Open the spell book
            </Link>
          </p>
        </section>
      </div>

      <section aria-labelledby="hero-bio" className={`mt-8 ${SECTION_OFFSCREEN}`}>
        <h2 id="hero-bio" className="font-display text-xl font-bold text-ink">
          Biography
        </h2>
        <p className="mt-2 break-words whitespace-pre-line text-ink">{hero.biography}</p>
      </section>
    </article>
  );
}
