import { Link } from "react-router";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { paths } from "@shared/paths";

/** What guests and plain users see instead of any page while maintenance mode is on. */
export function MaintenanceScreen({ siteName, message }: { siteName: string; message: string }) {
  return (
    <section aria-labelledby="maintenance-heading" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <PageHead meta={noindexMeta("Maintenance", message)} />
      <svg viewBox="0 0 24 24" className="h-14 w-14 text-brand-700 dark:text-brand-400" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
      </svg>
      <h1 id="maintenance-heading" className="mt-4 font-display text-3xl font-bold text-ink">
        {siteName} is under maintenance
      </h1>
      <p className="mt-3 text-lg whitespace-pre-line text-ink-muted" data-testid="maintenance-message">
        {message}
      </p>
      <p className="mt-8 text-sm text-ink-muted">
        Moderators and administrators can still{" "}
        <Link to={paths.login()} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
          sign in
        </Link>
        .
      </p>
    </section>
  );
}

/** A strip above the page that reminds moderators and admins that visitors are locked out. */
export function MaintenanceBanner() {
  return (
    <div role="status" className="border-b border-amber-600/40 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">
      Maintenance mode is on: visitors see the maintenance message.{" "}
      <Link to={paths.adminSettings()} className="underline underline-offset-4">
        Settings
      </Link>
    </div>
  );
}
