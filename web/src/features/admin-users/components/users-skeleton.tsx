/** Loading placeholder rows for the user list. */
export function UsersSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-line">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3 p-4 motion-safe:animate-pulse">
          <span className="h-10 w-10 rounded-full bg-surface-muted" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-1/3 rounded bg-surface-muted" />
            <span className="block h-3 w-1/2 rounded bg-surface-muted" />
          </span>
          <span className="hidden h-8 w-56 rounded bg-surface-muted md:block" />
        </li>
      ))}
    </ul>
  );
}
