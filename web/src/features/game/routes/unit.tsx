import { Link, useParams } from "react-router";
import { gamePaths, tierLabel, UPGRADE_LEVEL_LABELS } from "@shared/game";
import { unitMeta } from "@shared/game-seo";
import { parseId } from "@shared/ids";
import { Badge } from "@/components/ui/badge";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api-client";
import { PageMeta } from "@/lib/page-meta";
import { useUnitPage } from "@/features/game/api/get-unit-page";
import { CompareToggle } from "@/features/game/components/compare-toggle";
import { CompareTray } from "@/features/game/components/compare-tray";
import { Breadcrumb } from "@/features/game/components/breadcrumb";
import { GameLoadError, GameNotFound } from "@/features/game/components/game-state";
import { Portrait } from "@/features/game/components/portrait";
import { abilityList } from "@/features/game/components/unit-card";
import { UnitStatList } from "@/features/game/components/unit-stats";
import { UpgradeChain } from "@/features/game/components/upgrade-chain";

/** /units/{id}: one unit with every stat, its upgrade chain and the same tier in other factions. */
export function Component() {
  const id = parseId(useParams().id);
  const { data: unit, error, isLoading, mutate } = useUnitPage(id);

  if (id === null || (error instanceof ApiRequestError && error.status === 404)) {
    return <GameNotFound title="Unit Not Found" message="This unit does not exist or is no longer available." backTo="/factions" backLabel="Back to Factions" />;
  }
  if (error && !unit) {
    return <GameLoadError title="Failed to Load Unit" error={error} onRetry={() => void mutate()} />;
  }
  if (isLoading || !unit) return <UnitSkeleton />;

  const meta = unitMeta(location.origin, unit);
  const abilities = abilityList(unit.specialAbilities);
  const chain = unit.upgrades ?? [];
  const sameTier = unit.sameTier ?? [];
  const level = UPGRADE_LEVEL_LABELS[unit.upgradeLevel] ?? `Upgrade ${unit.upgradeLevel}`;

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 pb-28">
      <PageMeta
        title={unit.name}
        description={meta.description}
        keywords={meta.keywords}
        canonicalPath={gamePaths.unit(unit.id)}
        image={meta.image}
        type="article"
        jsonLd={meta.jsonLd}
      />
      <Breadcrumb
        trail={[
          { label: "Home", to: "/" },
          { label: "Factions", to: "/factions" },
          ...(unit.faction ? [{ label: unit.faction.name, to: gamePaths.faction(unit.faction.id) }] : []),
        ]}
        current={unit.name}
      />

      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        <Portrait src={unit.portraitUrl} name={unit.name} size={160} eager />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{tierLabel(unit.tier)}</Badge>
            <Badge>{unit.unitType}</Badge>
            <Badge tone="info">{level}</Badge>
            {!unit.isActive ? <Badge tone="warning">Inactive</Badge> : null}
          </div>
          <h1 className="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{unit.name}</h1>
          {unit.faction ? (
            <p className="mt-1 text-ink-muted">
              Faction:{" "}
              <Link to={gamePaths.faction(unit.faction.id)} className="font-medium text-brand-700 hover:underline dark:text-brand-400">
                {unit.faction.name}
              </Link>
            </p>
          ) : null}
          {unit.summary ? <p className="mt-3 text-lg text-ink">{unit.summary}</p> : null}
          <div className="mt-4">
            <CompareToggle unit={unit} size="md" />
          </div>
        </div>
      </header>

      <section aria-labelledby="stats-heading" className="mt-8">
        <h2 id="stats-heading" className="font-display text-xl font-bold text-ink">
          Stats
        </h2>
        <UnitStatList unit={unit} className="mt-3" />
      </section>

      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="abilities-heading">
          <h2 id="abilities-heading" className="font-display text-xl font-bold text-ink">
            Special abilities
          </h2>
          {abilities.length ? (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-ink">
              {abilities.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-ink-muted">This unit has no special abilities.</p>
          )}
        </section>
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="font-display text-xl font-bold text-ink">
            Description
          </h2>
          <p className="mt-3 break-words whitespace-pre-line text-ink">{unit.description}</p>
        </section>
      </div>

      {chain.length > 1 ? (
        <section aria-labelledby="chain-heading" className="mt-10">
          <h2 id="chain-heading" className="font-display text-xl font-bold text-ink">
            Upgrade chain
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Each level shows how its stats differ from the level before.</p>
          <div className="mt-4">
            <UpgradeChain chain={chain} currentId={unit.id} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="same-tier-heading" className="mt-10">
        <h2 id="same-tier-heading" className="font-display text-xl font-bold text-ink">
          {tierLabel(unit.tier)} in other factions
        </h2>
        {sameTier.length ? (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="same-tier">
            {sameTier.map((other) => (
              <li key={other.id} className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
                <Portrait src={other.portraitUrl} name={other.name} size={48} />
                <div className="min-w-0 flex-1">
                  <Link to={gamePaths.unit(other.id)} className="block font-semibold break-words text-ink hover:underline">
                    {other.name}
                  </Link>
                  <span className="text-sm text-ink-muted">
                    {other.faction.name} · {other.unitType}
                  </span>
                </div>
                <CompareToggle unit={other} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-muted">No other faction has a unit of this tier.</p>
        )}
      </section>
      <CompareTray />
    </article>
  );
}

function UnitSkeleton() {
  return (
    <LoadingRegion label="Loading unit..." className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title="Unit" />
      <Skeleton className="h-4 w-64" />
      <div className="mt-6 flex gap-6">
        <Skeleton className="h-40 w-40 rounded-xl" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-5 w-full" />
        </div>
      </div>
      <Skeleton className="mt-8 h-32 w-full rounded-xl" />
    </LoadingRegion>
  );
}
