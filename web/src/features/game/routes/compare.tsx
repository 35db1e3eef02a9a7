import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { UNIT_COMPARE_MAX, UNIT_COMPARE_MIN } from "@shared/game";
import { COMPARE_TITLE, compareMeta } from "@/features/game/lib/game-seo";
import { compareSearch } from "@shared/game";
import { gameKeys, parseCompareUnits } from "@/features/game/lib/game-keys";
import type { FirstViewRequest } from "@/app/routes";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { PageHead } from "@/lib/page-head";
import { useUnitsByIds } from "@/features/game/api/get-units-by-ids";
import { CompareChart } from "@/features/game/components/compare-chart";
import { CompareTable } from "@/features/game/components/compare-table";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { readCompareList, removeFromCompare } from "@/features/game/hooks/use-compare-list";
import { paths } from "@shared/paths";

const list = (ids: readonly (number | string)[]) => ids.join(", ");

/** The `units` parameter as given: the page explains each part it cannot compare (ADR 0047). */
export function canonicalSearch(params: URLSearchParams) {
  const units = params.get("units");
  return units ? new URLSearchParams({ units }) : "";
}

/** The first view reads the units the URL names. */
export function firstView({ url }: FirstViewRequest) {
  const { ids } = parseCompareUnits(url.searchParams);
  return ids.length ? [gameKeys.unitsByIds(ids)] : [];
}

/**
 * /compare?units=12,47,88: 2 to 4 units side by side (table with the best values marked, and a
 * chart). The URL is the state: removing a unit rewrites it, and a shared URL shows the same
 * units. Too many, unknown, inactive or repeated ids are explained above the comparison.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection = parseCompareUnits(params);
  const { data, error, isLoading, mutate } = useUnitsByIds(selection.ids);
  const hasParam = params.has("units");

  // /compare without units opens the tray's choice (if any).
  useEffect(() => {
    if (hasParam) return;
    const tray = readCompareList();
    if (tray.length) void navigate(paths.compare(compareSearch(tray.map((e) => e.id))), { replace: true });
  }, [hasParam, navigate]);

  // While the next selection loads, the previous answer stays (keepPreviousData), limited to
  // the units the URL still names: a removed unit leaves at once, not when the fetch returns.
  const units = (data?.items ?? []).filter((u) => selection.ids.includes(u.id));
  const missing = (data?.missingIds ?? []).filter((id) => selection.ids.includes(id));

  const remove = (id: number) => {
    removeFromCompare(id);
    void navigate(paths.compare(compareSearch(units.map((u) => u.id).filter((other) => other !== id))));
  };

  const problems: string[] = [];
  if (selection.dropped.length) {
    problems.push(`At most ${UNIT_COMPARE_MAX} units can be compared at a time; unit ${list(selection.dropped)} ${selection.dropped.length > 1 ? "were" : "was"} left out.`);
  }
  if (selection.duplicates.length) {
    problems.push(`Unit ${list(selection.duplicates)} ${selection.duplicates.length > 1 ? "were" : "was"} listed more than once and ${selection.duplicates.length > 1 ? "are" : "is"} shown once.`);
  }
  if (selection.invalid.length) {
    problems.push(`${list(selection.invalid.map((p) => `“${p.slice(0, 20)}”`))} ${selection.invalid.length > 1 ? "are not unit ids" : "is not a unit id"}.`);
  }
  if (missing.length) {
    problems.push(`No unit with id ${list(missing)} could be found; ${missing.length > 1 ? "they may have been" : "it may have been"} removed.`);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHead meta={compareMeta()} />
      <Breadcrumb trail={[{ label: "Home", to: paths.home() }, { label: "Factions", to: paths.factions() }]} current={COMPARE_TITLE} />
      <h1 className="mt-4 font-display text-3xl font-bold tracking-tight text-ink">{COMPARE_TITLE}</h1>
      <p className="mt-2 text-ink-muted">
        Compare {UNIT_COMPARE_MIN} to {UNIT_COMPARE_MAX} units from any factions. Add units with the Compare button on unit pages and unit cards; share this page’s address to share the comparison.
      </p>

      {problems.length ? (
        <Alert tone="warning" title="Some units could not be compared" className="mt-6">
          <ul className="list-disc space-y-1 pl-5" data-testid="compare-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <div className="mt-6">
        {error && !data ? (
          <LoadErrorAlert title="Failed to Load Units" error={error} fallback="Please try again." onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <LoadingRegion label="Loading units...">
            <Skeleton className="h-80 w-full rounded-2xl" />
          </LoadingRegion>
        ) : units.length < UNIT_COMPARE_MIN ? (
          <div className="rounded-2xl border border-dashed border-line bg-surface p-8 text-center" data-testid="compare-empty">
            <h2 className="font-display text-xl font-bold text-ink">
              {units.length ? "Add one more unit to compare" : "No units to compare yet"}
            </h2>
            <p className="mt-2 text-ink-muted">
              Open a faction, pick units with their Compare button, then press Compare in the tray at the bottom of the page.
            </p>
            {units.length === 1 ? (
              <p className="mt-2 text-ink">
                Chosen so far:{" "}
                <Link to={paths.unit(units[0]!.id)} className="font-semibold hover:underline">
                  {units[0]!.name}
                </Link>
              </p>
            ) : null}
            <Link to={paths.factions()} className={buttonClass({ className: "mt-5" })}>
              Browse Factions
            </Link>
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-6">
            <CompareTable units={units} onRemove={remove} />
            <CompareChart units={units} />
          </div>
        )}
      </div>
    </div>
  );
}
