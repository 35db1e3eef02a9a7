import { Link, useParams } from "react-router";
import { tierLabel, UPGRADE_LEVEL_LABELS } from "@shared/game";
import { unitMeta } from "@/features/game/lib/game-seo";
import { abilityList } from "@/features/game/lib/game-text";
import { SAME_TIER_CARD_OFFSCREEN } from "@/lib/offscreen";
import { parseId } from "@shared/ids";
import { useSiteOrigin } from "@/lib/page-head";
import { gameKeys } from "@/features/game/lib/game-keys";
import type { FirstViewRequest } from "@/app/routes";
import { Badge } from "@/components/ui/badge";
import { isNotFound } from "@/lib/api-client";
import { useUnitPage } from "@/features/game/api/get-unit-page";
import { CompareToggle } from "@/features/game/components/compare-toggle";
import { CompareTray } from "@/features/game/components/compare-tray";
import { FactionMemberHeader, FactionMemberSkeleton } from "@/features/game/components/faction-member-header";
import { Portrait } from "@/features/game/components/portrait";
import { PageLoadError } from "@/components/page-load-error";
import { MISSING_ITEMS } from "@/lib/missing-items";
import { MissingItemView } from "@/components/missing-item";
import { UnitStatList } from "@/features/game/components/unit-stats";
import { UpgradeChain } from "@/features/game/components/upgrade-chain";
import { paths } from "@shared/paths";

/** The first view reads the unit (worker/pages writes the answer into the HTML). */
/** Its own record missing: the route's 404 view. */
export const missingItem = MISSING_ITEMS.unit;

export function firstView({ params }: FirstViewRequest) {
  const id = parseId(params.id);
  return [id === null ? null : gameKeys.unitPage(id)];
}

/** /units/{id}: one unit with every stat, its upgrade chain and the same tier in other factions. */
export function Component() {
  const id = parseId(useParams().id);
  const origin = useSiteOrigin();
  const { data: unit, error, isLoading, mutate } = useUnitPage(id);

  if (id === null || isNotFound(error)) {
    return <MissingItemView item={MISSING_ITEMS.unit} />;
  }
  if (error && !unit) {
    return <PageLoadError title="Failed to Load Unit" error={error} onRetry={() => void mutate()} />;
  }
  if (isLoading || !unit) return <FactionMemberSkeleton label="Loading unit..." title="Unit" width="max-w-6xl" />;

  const meta = unitMeta(origin, unit);
  const abilities = abilityList(unit.specialAbilities);
  const chain = unit.upgrades ?? [];
  const sameTier = unit.sameTier ?? [];
  const level = UPGRADE_LEVEL_LABELS[unit.upgradeLevel] ?? `Upgrade ${unit.upgradeLevel}`;

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 pb-28">
      <FactionMemberHeader
        entity={unit}
        meta={meta}
        badges={
          <>
            <Badge tone="brand">{tierLabel(unit.tier)}</Badge>
            <Badge>{unit.unitType}</Badge>
            <Badge tone="info">{level}</Badge>
            {!unit.isActive ? <Badge tone="warning">Inactive</Badge> : null}
          </>
        }
      >
        <div className="mt-4">
          <CompareToggle unit={unit} size="md" />
        </div>
      </FactionMemberHeader>

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
              <li key={other.id} className={`flex items-center gap-3 rounded-xl border border-line bg-surface p-3 ${SAME_TIER_CARD_OFFSCREEN}`}>
                <Portrait src={other.portraitUrl} name={other.name} size={48} />
                <div className="min-w-0 flex-1">
                  <Link to={paths.unit(other.id)} className="block font-semibold break-words text-ink hover:underline">
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
