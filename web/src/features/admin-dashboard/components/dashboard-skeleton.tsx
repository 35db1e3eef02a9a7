import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

/** How many placeholder cards and rows the dashboard shows while loading. */
export const PLACEHOLDER_CARDS = 6;
export const PLACEHOLDER_ROWS = 4;

export function DashboardSkeleton() {
  return (
    <LoadingRegion label="Loading dashboard..." className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
          <div key={i} data-testid="stat-placeholder" className="space-y-3 rounded-2xl border border-line bg-surface p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-16" />
          </div>
        ))}
      </div>
      <div className="space-y-3 rounded-2xl border border-line bg-surface p-5">
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
          <div key={i} data-testid="row-placeholder" className="flex items-center gap-4">
            <Skeleton className="h-9 w-9 rounded-full" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}
