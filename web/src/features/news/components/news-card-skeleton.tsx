import { LoadingRegion, SkeletonCard } from "@/components/ui/skeleton";

/** Loading placeholders shaped like news cards (3 on home, 4 on /news), announced once as 'Loading...'. */
export function NewsSkeletonList({ count, withImage }: { count: number; withImage?: boolean }) {
  return (
    <LoadingRegion className="contents">
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} withImage={withImage} />
      ))}
    </LoadingRegion>
  );
}
