import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { GALLERY_SKELETON_COUNT } from "@shared/media-keys";

/** 12 card placeholders shaped like the gallery cards (spec constant). */
export function GallerySkeleton() {
  return (
    <LoadingRegion label="Loading media..." className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {Array.from({ length: GALLERY_SKELETON_COUNT }, (_, i) => (
        <div key={i} data-testid="gallery-skeleton" className="overflow-hidden rounded-xl border border-line bg-surface">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="mt-3 h-3 w-1/2" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
