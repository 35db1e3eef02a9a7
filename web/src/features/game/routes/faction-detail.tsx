import { useMemo } from "react";
import { Link, useParams } from "react-router";
import type { Faction } from "@schemas/faction";
import type { Unit } from "@schemas/unit";
import { HERO_TYPES, TIERS, tierLabel, UNIT_TYPES, UPGRADE_LEVEL_LABELS, UPGRADE_LEVELS, type HeroType, type UnitType } from "@shared/game";
import { factionViewParams, gameKeys, parseFactionView, type FactionTab, type FactionView } from "@/features/game/lib/game-keys";
import { factionMeta } from "@/features/game/lib/game-seo";
import { factionBannerImage } from "@/features/game/lib/game-ui";
import { parseId } from "@shared/ids";
import { MISSING_ITEMS } from "@/lib/missing-items";
import { MissingItemView } from "@/components/missing-item";
import { Button, buttonClass } from "@/components/ui/button";
import { isNotFound } from "@/lib/api-client";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import type { FirstViewRequest } from "@/app/routes";
import { noindexMeta } from "@shared/seo";
import { useImageSrc } from "@/lib/image-src";
import { useSession } from "@/lib/session";
import { useFactionPage } from "../api/get-faction-page";
import { AlignmentBadge } from "../components/alignment-badge";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { FilterSelect } from "../components/filter-select";
import { HeroCard } from "../components/hero-card";
import { Portrait } from "../components/portrait";
import { SpellList } from "../components/spell-list";
import { StateMessage } from "@/components/ui/state-message";
import { Tabs } from "@/components/ui/tabs";
import { UnitCard } from "../components/unit-card";
import { useFactionView } from "../hooks/use-faction-view";
import { Skeleton } from "@/components/ui/skeleton";
import { PageLoadError } from "@/components/page-load-error";
import { paths } from "@shared/paths";

/** The tab and its filters (ADR 0047). */
export const canonicalSearch = (params: URLSearchParams) => factionViewParams(parseFactionView(params));

/** The first view reads the faction with its units, heroes and spells. */
/** Its own record missing: the route's 404 view. */
export const missingItem = MISSING_ITEMS.faction;

export function firstView({ params }: FirstViewRequest) {
  const id = parseId(params.id);
  return [id === null ? null : gameKeys.factionPage(id)];
}

/**
 * /factions/{id}: banner, tabs Overview / Units / Heroes (tab and filters in the URL). The page
 * reads the faction with its units, heroes and spells once; filters work on that data, so a
 * filter change is instant.
 */
export function Component() {
  const id = parseId(useParams().id);
  const { data: faction, error, isLoading, mutate } = useFactionPage(id);
  const [view, setView] = useFactionView();

  if (id === null || isNotFound(error)) return <MissingItemView item={MISSING_ITEMS.faction} />;
  if (error && !faction) {
    return <PageLoadError title="Failed to Load Factions" pageTitle="Factions" error={error} onRetry={() => void mutate()} />;
  }
  if (isLoading || !faction) return <FactionSkeleton tab={view.tab} />;
  return <FactionPage faction={faction} view={view} setView={setView} />;
}

function FactionPage({ faction, view, setView }: { faction: Faction; view: FactionView; setView: (c: Partial<FactionView>) => void }) {
  const meta = factionMeta(useSiteOrigin(), faction);
  const tabs: { id: FactionTab; label: string }[] = [
    { id: "overview", label: "Overview" },
    { id: "units", label: `Units (${faction.unitCount})` },
    { id: "heroes", label: `Heroes (${faction.heroCount})` },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {/* The banner's background is the largest image above the fold. */}
      <PageHead meta={meta} preload={faction.backgroundUrl ? { href: faction.backgroundUrl, ...factionBannerImage(faction.backgroundUrl) } : null} />
      <Breadcrumb trail={[{ label: "Home", to: paths.home() }, { label: "Factions", to: paths.factions() }]} current={faction.name} />
      <FactionBanner faction={faction} />
      <div className="mt-8">
        <Tabs tabs={tabs} selected={view.tab} onSelect={(tab) => setView({ tab })} idPrefix="faction" label={`${faction.name} sections`} />
        <div
          role="tabpanel"
          id={`faction-panel-${view.tab}`}
          aria-labelledby={`faction-tab-${view.tab}`}
          tabIndex={0}
          className="rounded-lg pt-6 focus-visible:outline-2 focus-visible:outline-offset-4"
        >
          {view.tab === "overview" ? <Overview faction={faction} /> : null}
          {view.tab === "units" ? (
            <>
              <PartialNote complete={faction.unitsComplete} carried={faction.units?.length ?? 0} total={faction.unitCount} noun="units" />
              <UnitsTab units={faction.units ?? []} view={view} setView={setView} />
            </>
          ) : null}
          {view.tab === "heroes" ? (
            <>
              <PartialNote complete={faction.heroesComplete} carried={faction.heroes?.length ?? 0} total={faction.heroCount} noun="heroes" />
              <HeroesTab faction={faction} view={view} setView={setView} />
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Said above a list the API carried in part (a faction with more rows than one read carries). */
function PartialNote({ complete, carried, total, noun }: { complete: boolean | undefined; carried: number; total: number; noun: string }) {
  if (complete !== false) return null;
  return (
    <p className="mb-4 text-sm text-ink-muted">
      Showing the first {carried} of {total} {noun}.
    </p>
  );
}

function FactionBanner({ faction }: { faction: Faction }) {
  const { isModerator } = useSession();
  const backgroundUrl = useImageSrc()(faction.backgroundUrl);
  const background = factionBannerImage(backgroundUrl);
  return (
    <header className="relative mt-4 overflow-hidden rounded-2xl bg-stone-900 text-white shadow-md">
      {backgroundUrl ? (
        <img
          src={backgroundUrl}
          srcSet={background?.srcset}
          sizes={background?.sizes}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-r from-stone-950/90 via-stone-950/75 to-stone-950/40" />
      <div className="relative flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:p-10">
        <Portrait src={faction.logoUrl} name={faction.name} size={112} eager className="ring-2 ring-white/30" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{faction.name}</h1>
            <AlignmentBadge alignment={faction.alignment} />
            {!faction.isActive ? <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">Inactive</span> : null}
          </div>
          <p className="mt-3 max-w-3xl text-stone-100">{faction.summary}</p>
          <dl className="mt-5 flex flex-wrap gap-x-8 gap-y-3 text-sm">
            {faction.specialty ? (
              <div className="max-w-md">
                <dt className="text-stone-300">Specialty</dt>
                <dd className="font-semibold">{faction.specialty}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-stone-300">Units</dt>
              <dd className="text-lg font-semibold tabular-nums">{faction.unitCount}</dd>
            </div>
            <div>
              <dt className="text-stone-300">Heroes</dt>
              <dd className="text-lg font-semibold tabular-nums">{faction.heroCount}</dd>
            </div>
          </dl>
        </div>
        {isModerator ? (
          <Link to={paths.adminFactionEdit(faction.id)} className={buttonClass({ variant: "secondary", size: "sm", className: "self-start" })}>
            Edit Faction
          </Link>
        ) : null}
      </div>
    </header>
  );
}

function Overview({ faction }: { faction: Faction }) {
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <h2 className="font-display text-2xl font-bold text-ink">About the {faction.name}</h2>
        <div className="mt-3 leading-relaxed break-words whitespace-pre-line text-ink">{faction.description}</div>
        <section aria-labelledby="spells-heading" className="mt-10">
          <h2 id="spells-heading" className="font-display text-2xl font-bold text-ink">
            Spells
          </h2>
          <p className="mt-1 mb-4 text-sm text-ink-muted">What this faction's mage guild teaches, by school and level.</p>
          <PartialNote complete={faction.spellsComplete} carried={faction.spells?.length ?? 0} total={faction.spellCount} noun="spells" />
          <SpellList spells={faction.spells ?? []} />
        </section>
      </div>
      <aside className="space-y-5">
        {faction.startingResources ? (
          <section className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold text-ink">Starting Resources</h2>
            <p className="mt-2 text-sm whitespace-pre-line text-ink-muted">{faction.startingResources}</p>
          </section>
        ) : null}
        {faction.factionBonuses ? (
          <section className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold text-ink">Faction Bonuses</h2>
            <p className="mt-2 text-sm whitespace-pre-line text-ink-muted">{faction.factionBonuses}</p>
          </section>
        ) : null}
      </aside>
    </div>
  );
}

/** Each unit's chain: the base unit and its upgrades, by level. */
function chains(units: Unit[]): Map<number, Unit[]> {
  const byRoot = new Map<number, Unit[]>();
  for (const u of units) {
    const root = u.baseUnitId ?? u.id;
    byRoot.set(root, [...(byRoot.get(root) ?? []), u]);
  }
  const out = new Map<number, Unit[]>();
  for (const chain of byRoot.values()) {
    chain.sort((a, b) => a.upgradeLevel - b.upgradeLevel);
    for (const u of chain) out.set(u.id, chain);
  }
  return out;
}

function UnitsTab({ units, view, setView }: { units: Unit[]; view: FactionView; setView: (c: Partial<FactionView>) => void }) {
  const chainOf = useMemo(() => chains(units), [units]);
  const shown = units.filter(
    (u) => u.upgradeLevel === view.level && (view.tier === null || u.tier === view.tier) && (view.unitType === null || u.unitType === view.unitType),
  );
  const filtered = view.tier !== null || view.unitType !== null || view.level !== 0;
  return (
    <div>
      <h2 className="sr-only">Units</h2>
      <div className="flex flex-wrap items-end gap-4">
        <FilterSelect
          id="unit-tier"
          label="Tier"
          value={view.tier === null ? "" : String(view.tier)}
          options={[{ value: "", label: "All Tiers" }, ...TIERS.map((t) => ({ value: String(t), label: tierLabel(t) }))]}
          onChange={(v) => setView({ tier: v ? Number(v) : null })}
        />
        <FilterSelect<UnitType>
          id="unit-type"
          label="Unit type"
          value={view.unitType ?? ""}
          options={[{ value: "", label: "All Types" }, ...UNIT_TYPES.map((t) => ({ value: t, label: t }))]}
          onChange={(v) => setView({ unitType: v || null })}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-xs font-semibold text-ink-muted">Upgrade</legend>
          <div className="flex overflow-hidden rounded-lg border border-line shadow-sm">
            {UPGRADE_LEVELS.map((level) => (
              <button
                key={level}
                type="button"
                aria-pressed={view.level === level}
                onClick={() => setView({ level })}
                className={`h-10 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${
                  view.level === level ? "bg-brand-700 text-white" : "bg-surface text-ink hover:bg-surface-muted"
                }`}
              >
                {UPGRADE_LEVEL_LABELS[level]}
              </button>
            ))}
          </div>
        </fieldset>
        <Button variant="secondary" onClick={() => setView({ tier: null, unitType: null, level: 0 })} disabled={!filtered}>
          Clear Filters
        </Button>
      </div>
      <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
        {shown.length} {shown.length === 1 ? "unit" : "units"} shown
      </p>
      {shown.length ? (
        <ul className="mt-3 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((unit) => (
            <li key={unit.id}>
              <UnitCard unit={unit} chain={chainOf.get(unit.id) ?? [unit]} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-3">
          <StateMessage title="No units found matching the current filters." />
        </div>
      )}
    </div>
  );
}

function HeroesTab({ faction, view, setView }: { faction: Faction; view: FactionView; setView: (c: Partial<FactionView>) => void }) {
  const heroes = faction.heroes ?? [];
  const shown = heroes.filter((h) => view.heroClass === null || h.heroType === view.heroClass);
  return (
    <div>
      <h2 className="sr-only">Heroes</h2>
      <div className="flex flex-wrap items-end gap-4">
        <FilterSelect<HeroType>
          id="hero-class"
          label="Class"
          value={view.heroClass ?? ""}
          options={[{ value: "", label: "All Classes" }, ...HERO_TYPES.map((t) => ({ value: t, label: t }))]}
          onChange={(v) => setView({ heroClass: v || null })}
        />
        <Button variant="secondary" onClick={() => setView({ heroClass: null })} disabled={view.heroClass === null}>
          Clear Filters
        </Button>
      </div>
      <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
        {shown.length} {shown.length === 1 ? "hero" : "heroes"} shown
      </p>
      {shown.length ? (
        <ul className="mt-3 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((hero) => (
            <li key={hero.id}>
              <HeroCard hero={hero} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-3">
          <StateMessage title="No heroes found matching the current filters." />
        </div>
      )}
    </div>
  );
}

function FactionSkeleton({ tab }: { tab: FactionTab }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHead meta={noindexMeta("Factions")} />
      <Skeleton className="h-4 w-56" />
      <Skeleton className="mt-4 h-64 rounded-2xl sm:h-72" />
      <div aria-hidden="true" className="mt-8 h-11 border-b border-line" />
      <div role="status" className="pt-6 text-ink-muted">
        {tab === "units" ? "Loading units..." : tab === "heroes" ? "Loading heroes..." : "Loading..."}
      </div>
    </div>
  );
}
