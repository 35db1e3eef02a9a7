/** A compact grid of labelled numbers (attack, defense, ...). */
export function StatList({ stats, columns = 3 }: { stats: { label: string; value: string | number }[]; columns?: 3 | 4 }) {
  return (
    <dl className={`grid ${columns === 4 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3"} gap-x-3 gap-y-2 text-sm`}>
      {stats.map((s) => (
        <div key={s.label} className="min-w-0">
          <dt className="truncate text-xs text-ink-muted">{s.label}</dt>
          <dd className="font-semibold text-ink tabular-nums">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
