import { Component, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { paths } from "@shared/paths";

/** A page chunk that no longer exists after a deploy: reloading fetches the new build. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

type BoundaryProps = { children: ReactNode; withShell?: boolean; /** A new value clears the error (the URL's path). */ resetKey?: string };

/**
 * Catches what a page (or, `withShell={false}`, the shell itself) throws while rendering, including
 * a page module that failed to load, and shows the error page instead. Going to another path
 * clears it.
 */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey?: string; failed: boolean }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey?: string; failed: boolean }) {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError withShell={this.props.withShell} error={this.state.error} /> : this.props.children;
  }
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
