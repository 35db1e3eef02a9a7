import { LoadErrorAlert } from "@/components/load-error-alert";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { Time } from "@/components/ui/time";
import { groupDigits } from "@/lib/format-number";
import type { AccountStats } from "@schemas/account";
import type { useAccountStats } from "@/features/profile/api/get-account-stats";

export const STATS_LOAD_FAILED = "Failed to load your statistics";

const COUNTS: { key: keyof Omit<AccountStats, "memberSince">; label: string }[] = [
  { key: "articlesWritten", label: "Articles Written" },
  { key: "mediaUploaded", label: "Media Uploaded" },
  { key: "editsMade", label: "Edits Made" },
];

/**
 * Community statistics from the site's own records: articles the member wrote, media they
 * uploaded, changes they made, and when they joined. (Comments and forum posts live with the
 * comment service, so the site does not count them.)
 */
export function CommunityStats({ stats }: { stats: ReturnType<typeof useAccountStats> }) {
  const { data, error, mutate } = stats;
  return (
    <section aria-labelledby="community-stats-title" className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h2 id="community-stats-title" className="font-display text-lg font-bold text-ink">
        Community Statistics
      </h2>
      {error && !data ? (
        <LoadErrorAlert className="mt-4" title={STATS_LOAD_FAILED} message="Please try again in a moment." onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingRegion className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </LoadingRegion>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
          {COUNTS.map(({ key, label }) => (
            <div key={key} className="flex flex-col-reverse rounded-xl bg-surface-muted px-2 py-4">
              <dt className="mt-1 text-xs font-medium text-ink-muted sm:text-sm">{label}</dt>
              <dd className="font-display text-2xl font-bold text-brand-700 tabular-nums dark:text-brand-400" data-testid={`stat-${key}`}>
                {groupDigits(data[key])}
              </dd>
            </div>
          ))}
          <div className="flex flex-col-reverse rounded-xl bg-surface-muted px-2 py-4">
            <dt className="mt-1 text-xs font-medium text-ink-muted sm:text-sm">Member Since</dt>
            <dd className="font-display text-lg font-bold text-brand-700 dark:text-brand-400" data-testid="stat-memberSince">
              <Time dateTime={data.memberSince} format="short" />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
