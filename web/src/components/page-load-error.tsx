import { serverReason } from "@/lib/api-client";
import { Button } from "@/components/ui/button";
import { StateMessage } from "@/components/ui/state-message";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";

/**
 * A page whose read failed: its error state (the page's spec title, the server's message or
 * `fallback`) with Try Again, never indexed. Every page's load failure looks and reads the same;
 * a page still loading shows its skeleton (components/ui/skeleton), a missing item MissingItemView.
 */
export function PageLoadError({
  title,
  error,
  onRetry,
  pageTitle = title,
  fallback = "Please check your connection and try again.",
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** The document title, when the page has a shorter name than its error ("News"). */
  pageTitle?: string;
  fallback?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <PageHead meta={noindexMeta(pageTitle)} />
      <StateMessage tone="error" title={title}>
        <p>{serverReason(error, fallback)}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          Try Again
        </Button>
      </StateMessage>
    </div>
  );
}
