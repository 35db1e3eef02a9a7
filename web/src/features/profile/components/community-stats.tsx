const STATS = ["Articles Read", "Comments Posted", "Forum Posts"] as const;

/** Community statistics: placeholders that show 0. */
export function CommunityStats() {
  return (
    <section aria-labelledby="community-stats-title" className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h2 id="community-stats-title" className="font-display text-lg font-bold text-ink">
        Community Statistics
      </h2>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
        {STATS.map((label) => (
          <div key={label} className="rounded-xl bg-surface-muted px-2 py-4">
            <dd className="font-display text-2xl font-bold text-brand-700 dark:text-brand-400">0</dd>
            <dt className="mt-1 text-xs font-medium text-ink-muted sm:text-sm">{label}</dt>
          </div>
        ))}
      </dl>
    </section>
  );
}
