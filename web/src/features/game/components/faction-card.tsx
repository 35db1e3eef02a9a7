import { Link } from "react-router";
import type { Faction } from "@schemas/faction";
import { AlignmentBadge } from "./alignment-badge";
import { Portrait } from "./portrait";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@shared/paths";

/** A faction on /factions: logo, name, alignment, summary, counts; moderators get an edit link. */
export function FactionCard({ faction, canEdit }: { faction: Faction; canEdit: boolean }) {
  return (
    <article className="relative flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <div className="flex items-start gap-4">
        <Portrait src={faction.logoUrl} name={faction.name} size={64} />
        <div className="min-w-0 flex-1">
          <h2 className="font-display text-xl font-bold text-ink">
            {/* The whole card is the link (stretched); the edit link sits above it. */}
            <Link to={paths.faction(faction.id)} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
              {faction.name}
            </Link>
          </h2>
          <AlignmentBadge alignment={faction.alignment} className="mt-1.5" />
        </div>
      </div>
      <p className="text-sm text-ink-muted">{faction.summary}</p>
      <dl className="mt-auto flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-ink-muted">Units</dt>
          <dd className="font-semibold text-ink">{faction.unitCount}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-ink-muted">Heroes</dt>
          <dd className="font-semibold text-ink">{faction.heroCount}</dd>
        </div>
      </dl>
      {canEdit ? (
        <Link
          to={paths.adminFactionEdit(faction.id)}
          aria-label={`Edit ${faction.name}`}
          className="relative z-10 self-start rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-400"
        >
          Edit
        </Link>
      ) : null}
    </article>
  );
}

/** One of the 3 placeholder cards while factions load. */
export function FactionCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="faction-skeleton" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
      <div className="flex items-start gap-4">
        <Skeleton className="h-16 w-16 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-16 rounded-full" />
        </div>
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-1/3" />
    </div>
  );
}
