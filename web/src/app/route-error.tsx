import { useEffect, useState } from "react";
import { isRouteErrorResponse, Link, useMatches, useNavigate, useRevalidator, useRouteError } from "react-router";
import { MissingItemView } from "@/components/missing-item";
import { errorFromEnvelope, serverReason } from "@/lib/api-client";
import { useHydrated } from "@/lib/hydrated";
import { storedUserSeesMore } from "@/lib/initial-data";
import { buttonClass } from "@/components/ui/button";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { paths } from "@shared/paths";
import { loadedPage, pages } from "./routes";

/** A page chunk that no longer exists after a deploy: reloading fetches the new build. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/**
 * A page route's error element: what its loader threw (the API's status and envelope) or what
 * the page threw while rendering, a page module that failed to load included. A missing record
 * is the page's "Not Found" view (its module's `missingItem`), answered 404 by the Worker; a read
 * the server could not answer shows the server's reason (503, e.g. maintenance). Going to another
 * page leaves it.
 */
export function PageError() {
  const error = useRouteError();
  const matches = useMatches();
  const navigate = useNavigate();
  const missingForGuests = isRouteErrorResponse(error) && error.status === 404;
  // The Worker read as a guest: a moderator or admin may read what a guest may not (an inactive
  // faction, a draft), so a 404 hydrated from the Worker's HTML is read again for them.
  const hydrated = useHydrated();
  const [mountedHydrating] = useState(!hydrated);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (hydrated && mountedHydrating && missingForGuests && storedUserSeesMore()) void revalidate();
  }, [hydrated, mountedHydrating, missingForGuests, revalidate]);
  if (isRouteErrorResponse(error)) {
    const route = pages.find((page) => page.path === matches.at(-1)?.id);
    const missing = route && loadedPage(route)?.missingItem;
    if (error.status === 404 && missing) return <MissingItemView item={missing} onGoBack={() => void navigate(-1)} />;
    return <ServerRefusal status={error.status} reason={serverReason(errorFromEnvelope(error.status, error.data), "")} />;
  }
  console.error(error);
  return <RouteError error={error} />;
}

/** The shell itself failed: the error page without the shell. */
export function ShellError() {
  const error = useRouteError();
  console.error(error);
  return <RouteError withShell={false} error={error} />;
}

/** A read the server refused or could not answer, with its reason (the API's message). */
function ServerRefusal({ status, reason }: { status: number; reason: string }) {
  const title = status === 404 ? "Not Found" : status >= 500 ? "Temporarily unavailable" : "Something went wrong";
  return (
    <section className="flex flex-col items-center px-4 py-20 text-center">
      <PageHead meta={noindexMeta(title)} status={status} />
      <h1 className="font-display text-3xl font-bold text-ink sm:text-4xl">{title}</h1>
      <p role="alert" className="mt-4 max-w-xl text-lg whitespace-pre-line text-ink-muted">
        {reason || "The server could not answer. Please try again in a moment."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className={buttonClass({ variant: "secondary" })}>
          Go Home
        </Link>
      </div>
    </section>
  );
}

/**
 * The error page. Inside the shell for page errors; `withShell={false}` when the shell itself
 * failed (then it carries its own page background).
 */
export function RouteError({ withShell = true, error }: { withShell?: boolean; error: unknown }) {
  const title = "Something went wrong";
  const message = isChunkLoadError(error)
    ? "A new version of the site is available. Reload the page to continue."
    : "An unexpected error stopped this page from loading. Please try again.";

  return (
    <section className={`flex flex-col items-center px-4 py-20 text-center ${withShell ? "" : "min-h-dvh justify-center bg-page text-ink"}`}>
      <PageHead meta={noindexMeta(title)} />
      <h1 className="font-display text-3xl font-bold text-ink sm:text-4xl">{title}</h1>
      <p role="alert" className="mt-4 max-w-xl text-lg text-ink-muted">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass()} onClick={() => location.reload()}>
          Reload Page
        </button>
        {withShell ? (
          <Link to={paths.home()} className={buttonClass({ variant: "secondary" })}>
            Go Home
          </Link>
        ) : (
          <a href={paths.home()} className={buttonClass({ variant: "secondary" })}>
            Go Home
          </a>
        )}
      </div>
    </section>
  );
}
