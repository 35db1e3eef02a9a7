/** A loading placeholder shaped like a news card (3 on home, 4 on /news). */
export function NewsCardSkeleton({ withImage = true }: { withImage?: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-testid="news-skeleton"
      className="animate-pulse overflow-hidden rounded-xl border border-line bg-surface motion-reduce:animate-none"
    >
      {withImage && <div className="aspect-video bg-surface-muted" />}
      <div className="space-y-3 p-5">
        <div className="h-4 w-1/4 rounded bg-surface-muted" />
        <div className="h-6 w-3/4 rounded bg-surface-muted" />
        <div className="h-4 w-full rounded bg-surface-muted" />
        <div className="h-4 w-5/6 rounded bg-surface-muted" />
      </div>
    </div>
  );
}

export function NewsSkeletonList({ count, withImage }: { count: number; withImage?: boolean }) {
  return (
    <div role="status" aria-live="polite" className="contents">
      <span className="sr-only">Loading...</span>
      {Array.from({ length: count }, (_, i) => (
        <NewsCardSkeleton key={i} withImage={withImage} />
      ))}
    </div>
  );
}
