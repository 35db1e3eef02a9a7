import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

/** Placeholders while results load: `count` result rows. */
export function SearchSkeleton({ count = 5 }: { count?: number }) {
  return (
    <LoadingRegion label="Loading search results..." className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} data-testid="search-skeleton" className="rounded-xl border border-line bg-surface p-4">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-2/3" />
        </div>
      ))}
    </LoadingRegion>
  );
}
