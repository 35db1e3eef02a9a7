import { Link } from "react-router";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { ProtectedRoute } from "@/components/protected-route";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { formatShortDate } from "@/lib/format-date";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useSession } from "@/lib/session";
import { useDashboardStats, type DashboardStats } from "@/features/admin-dashboard/api/get-dashboard-stats";
import { DashboardSkeleton } from "@/features/admin-dashboard/components/dashboard-skeleton";
import { ThumbnailSync } from "@/features/admin-dashboard/components/thumbnail-sync";
import { paths } from "@shared/paths";

export const LOAD_FAILED = "Failed to load dashboard data";

/** /admin and /admin/dashboard: moderator level. */
export function Component() {
  return (
    <ProtectedRoute requireModerator>
      <PageHead meta={noindexMeta("Admin Dashboard", "Site statistics, quick actions and recent activity.")} />
      <Dashboard />
    </ProtectedRoute>
  );
}

function Dashboard() {
  const { isAdmin } = useSession();
  const { data, error, isLoading, mutate } = useDashboardStats();

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-ink-muted">Members, news, media waiting for review and what changed recently.</p>
        </div>
        {isAdmin ? (
          <Link to={paths.adminMenu()} className={buttonClass({ variant: "secondary" })}>
            Admin Menu
          </Link>
        ) : null}
      </div>

      {error && !data ? (
        <LoadErrorAlert
          title={LOAD_FAILED}
          message="Make sure you are signed in with moderator or administrator permissions, then try again."
          onRetry={() => void mutate()}
        />
      ) : isLoading || !data ? (
        <DashboardSkeleton />
      ) : (
        <>
          <MediaWaiting pending={data.media.pending} />
          <StatCards stats={data} />
          <QuickActions isAdmin={isAdmin} />
          <div className="grid gap-6 lg:grid-cols-2">
            <RecentUsers users={data.recentActivity.users} isAdmin={isAdmin} />
            <RecentNews news={data.recentActivity.news} />
          </div>
        </>
      )}
    </div>
  );
}

/** The moderation queue: how many media items wait, linking to them. */
function MediaWaiting({ pending }: { pending: number }) {
  return (
    <section
      aria-labelledby="queue-heading"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl border p-5 shadow-sm ${
        pending ? "border-amber-600/40 bg-amber-50 dark:bg-amber-950/50" : "border-line bg-surface"
      }`}
    >
      <div>
        <h2 id="queue-heading" className="text-sm font-medium text-ink-muted">
          Moderation queue
        </h2>
        <p className="mt-1 font-display text-2xl font-bold">
          <Link
            to={paths.adminMedia({ status: "pending" })}
            data-testid="media-waiting"
            className="rounded text-ink underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:text-brand-400"
          >
            {pending} media waiting <span aria-hidden="true">→</span>
          </Link>
        </p>
      </div>
      <p className="text-sm text-ink-muted">{pending ? "New uploads wait here until a moderator approves or rejects them." : "Nothing waits for approval."}</p>
    </section>
  );
}

function StatCards({ stats }: { stats: DashboardStats }) {
  const cards = [
    { label: "Total Users", value: stats.users.total, note: `${stats.users.total - stats.users.active} inactive` },
    { label: "Active Users", value: stats.users.active, note: "Can sign in" },
    { label: "Administrators", value: stats.users.admins, note: "Full access" },
    { label: "Moderators", value: stats.users.moderators, note: "News, media and game assets" },
    { label: "Published Articles", value: stats.news.published, note: `of ${stats.news.total} articles` },
    { label: "Draft Articles", value: stats.news.drafts, note: "Not visible to readers" },
  ];
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Statistics
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
            <dt className="text-sm font-medium text-ink-muted">{card.label}</dt>
            <dd className="mt-1 font-display text-3xl font-bold text-ink" data-testid={`stat-${card.label}`}>
              {card.value}
            </dd>
            <dd className="mt-1 text-xs text-ink-muted">{card.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function QuickActions({ isAdmin }: { isAdmin: boolean }) {
  const actions = [
    { to: paths.adminNewsCreate(), label: "Create Article", primary: true },
    { to: paths.adminNews(), label: "Manage News" },
    { to: paths.adminGameInfo(), label: "Manage Game Info" },
    { to: paths.adminMedia(), label: "Manage Media" },
    ...(isAdmin
      ? [
          { to: paths.adminUsers(), label: "Manage Users" },
          { to: paths.adminSettings(), label: "Site Settings" },
          { to: paths.adminAudit(), label: "Audit Log" },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="font-display text-lg font-semibold text-ink">
        Quick Actions
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">
        {actions.map((action) => (
          <Link key={action.to} to={action.to} className={buttonClass({ variant: action.primary ? "primary" : "secondary" })}>
            {action.label}
          </Link>
        ))}
      </div>
      <div className="mt-4 rounded-2xl border border-line bg-surface p-4">
        <h3 className="text-sm font-semibold text-ink">Thumbnails</h3>
        <p className="mb-3 text-xs text-ink-muted">Re-queue thumbnails of media items that are still pending or failed.</p>
        <ThumbnailSync />
      </div>
    </section>
  );
}

function RecentUsers({ users, isAdmin }: { users: DashboardStats["recentActivity"]["users"]; isAdmin: boolean }) {
  return (
    <Card>
      <CardHeader className="flex items-center justify-between">
        <h2 className="font-display text-lg font-semibold text-ink">Recent Users</h2>
        {isAdmin ? (
          <Link to={paths.adminUsers()} className={buttonClass({ variant: "link" })}>
            View all
          </Link>
        ) : null}
      </CardHeader>
      {users.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-ink-muted">No members yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {users.map((u) => {
            const name = `${u.firstName} ${u.lastName}`.trim() || "Unnamed member";
            return (
              <li key={u.id} className="flex items-center gap-3 px-5 py-3">
                <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-900 dark:bg-brand-950 dark:text-brand-200">
                  {(u.firstName || u.email || "U").charAt(0).toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-ink">{name}</p>
                  {isAdmin && u.email ? <p className="truncate text-xs text-ink-muted">{u.email}</p> : null}
                </div>
                <time dateTime={u.createdAt} className="shrink-0 text-xs text-ink-muted">
                  {formatShortDate(u.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function RecentNews({ news }: { news: DashboardStats["recentActivity"]["news"] }) {
  return (
    <Card>
      <CardHeader className="flex items-center justify-between">
        <h2 className="font-display text-lg font-semibold text-ink">Recent News</h2>
        <Link to={paths.adminNews()} className={buttonClass({ variant: "link" })}>
          View all
        </Link>
      </CardHeader>
      {news.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-ink-muted">
          No articles yet.{" "}
          <Link to={paths.adminNewsCreate()} className={buttonClass({ variant: "link" })}>
            Write the first one
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {news.map((n) => (
            <li key={n.id} className="flex items-center gap-3 px-5 py-3">
              <div className="min-w-0 flex-1">
                <Link to={paths.adminNewsEdit(n.id)} className="block truncate text-sm font-semibold text-ink hover:text-brand-700 dark:hover:text-brand-400">
                  {n.title}
                </Link>
                <p className="truncate text-xs text-ink-muted">
                  By {n.author} · {formatShortDate(n.createdAt)}
                </p>
              </div>
              <Badge tone={n.isPublished ? "success" : "warning"}>{n.isPublished ? "Published" : "Draft"}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
