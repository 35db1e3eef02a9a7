import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageMeta } from "@/lib/page-meta";

/** A page chunk that no longer exists after a deploy: reloading fetches the new build. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/**
 * The router's errorElement. Inside the shell for page errors; `withShell={false}` when the
 * shell itself failed (then it carries its own page background).
 */
export function RouteError({ withShell = true }: { withShell?: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page Not Found" : "Something went wrong";
  const message = notFound
    ? "The page you are looking for does not exist."
    : isChunkLoadError(error)
      ? "A new version of the site is available. Reload the page to continue."
      : "An unexpected error stopped this page from loading. Please try again.";

  if (!notFound) console.error(error);

  return (
    <section className={`flex flex-col items-center px-4 py-20 text-center ${withShell ? "" : "min-h-dvh justify-center bg-page text-ink"}`}>
      <PageMeta title={title} noIndex />
      <h1 className="font-display text-3xl font-bold text-ink sm:text-4xl">{title}</h1>
      <p role="alert" className="mt-4 max-w-xl text-lg text-ink-muted">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {notFound ? null : (
          <button type="button" className={buttonClass()} onClick={() => location.reload()}>
            Reload Page
          </button>
        )}
        {withShell ? (
          <Link to="/" className={buttonClass({ variant: notFound ? "primary" : "secondary" })}>
            Go Home
          </Link>
        ) : (
          <a href="/" className={buttonClass({ variant: "secondary" })}>
            Go Home
          </a>
        )}
      </div>
    </section>
  );
}
