import { Link, useParams } from "react-router";
import { gamePaths, RARITY_RANGE } from "@shared/game";
import { heroMeta } from "@shared/game-seo";
import { parseId } from "@shared/ids";
import { Badge } from "@/components/ui/badge";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api-client";
import { PageMeta } from "@/lib/page-meta";
import { useHeroPage } from "@/features/game/api/get-hero-page";
import { Breadcrumb } from "@/features/game/components/breadcrumb";
import { GameLoadError, GameNotFound } from "@/features/game/components/game-state";
import { Portrait } from "@/features/game/components/portrait";
import { StatList } from "@/features/game/components/stat-list";
import { textList } from "@/features/game/lib/json-lists";

/**
 * /heroes/{id}: portrait, faction, class and type, title, rarity, starting stats, specialty,
 * starting skills and spells (linked to the spell book), biography.
 */
export function Component() {
  const id = parseId(useParams().id);
  const { data: hero, error, isLoading, mutate } = useHeroPage(id);

  if (id === null || (error instanceof ApiRequestError && error.status === 404)) {
    return <GameNotFound title="Hero Not Found" message="This hero does not exist or is no longer available." backTo="/factions" backLabel="Back to Factions" />;
  }
  if (error && !hero) return <GameLoadError title="Failed to Load Hero" error={error} onRetry={() => void mutate()} />;
  if (isLoading || !hero) return <HeroSkeleton />;

  const meta = heroMeta(location.origin, hero);
  const skills = textList(hero.startingSkills);
  const spellNames = textList(hero.startingSpells);
  const linked = new Map((hero.spells ?? []).map((s) => [s.name, s]));

  return (
    <article className="mx-auto max-w-5xl px-4 py-8">
      <PageMeta
        title={hero.name}
        description={meta.description}
        keywords={meta.keywords}
        canonicalPath={gamePaths.hero(hero.id)}
        image={meta.image}
        type="article"
        jsonLd={meta.jsonLd}
      />
      <Breadcrumb
        trail={[
          { label: "Home", to: "/" },
          { label: "Factions", to: "/factions" },
          ...(hero.faction ? [{ label: hero.faction.name, to: gamePaths.faction(hero.faction.id) }] : []),
        ]}
        current={hero.name}
      />

      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        <Portrait src={hero.portraitUrl} name={hero.name} size={160} eager />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
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
          </div>
          <h1 className="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{hero.name}</h1>
          {hero.title ? <p className="mt-1 text-lg text-ink-muted italic">{hero.title}</p> : null}
          {hero.faction ? (
            <p className="mt-2 text-ink-muted">
              Faction:{" "}
              <Link to={gamePaths.faction(hero.faction.id)} className="font-medium text-brand-700 hover:underline dark:text-brand-400">
                {hero.faction.name}
              </Link>
            </p>
          ) : null}
          {hero.summary ? <p className="mt-3 text-ink">{hero.summary}</p> : null}
        </div>
      </header>

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
                        <Link to={gamePaths.spell(spell.id)} className="font-medium text-brand-700 hover:underline dark:text-brand-400">
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
            <Link to={gamePaths.spells} className="text-brand-700 hover:underline dark:text-brand-400">
              Open the spell book
            </Link>
          </p>
        </section>
      </div>

      <section aria-labelledby="hero-bio" className="mt-8">
        <h2 id="hero-bio" className="font-display text-xl font-bold text-ink">
          Biography
        </h2>
        <p className="mt-2 break-words whitespace-pre-line text-ink">{hero.biography}</p>
      </section>
    </article>
  );
}

function HeroSkeleton() {
  return (
    <LoadingRegion label="Loading hero..." className="mx-auto max-w-5xl px-4 py-8">
      <PageMeta title="Hero" />
      <Skeleton className="h-4 w-64" />
      <div className="mt-6 flex gap-6">
        <Skeleton className="h-40 w-40 rounded-xl" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-5 w-full" />
        </div>
      </div>
      <Skeleton className="mt-8 h-24 w-full rounded-xl" />
    </LoadingRegion>
  );
}
