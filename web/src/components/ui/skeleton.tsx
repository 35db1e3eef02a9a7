/** A grey placeholder block that pulses while content loads (still when reduced motion is asked for). */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`rounded-md bg-stone-200 motion-safe:animate-pulse dark:bg-stone-800 ${className}`} />;
}

/** A card-shaped placeholder (image, title, two lines), e.g. for news cards. */
export function SkeletonCard({ withImage = true }: { withImage?: boolean }) {
  return (
    <div aria-hidden="true" data-testid="skeleton-card" className="overflow-hidden rounded-2xl border border-line bg-surface">
      {withImage ? <Skeleton className="aspect-video w-full rounded-none" /> : null}
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="mt-4 h-4 w-1/3" />
      </div>
    </div>
  );
}

/** Wraps placeholders so assistive technology hears one 'Loading...' instead of nothing. */
export function LoadingRegion({ children, label = "Loading...", className = "" }: { children: React.ReactNode; label?: string; className?: string }) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
