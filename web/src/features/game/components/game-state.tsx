import { Button } from "@/components/ui/button";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { StateMessage } from "@/components/ui/state-message";

/** A page whose read failed: the error state with the server's message and Try Again. */
export function GameLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <PageHead meta={noindexMeta(title)} />
      <StateMessage tone="error" title={title}>
        <p>{error instanceof Error && error.message ? error.message : "Please check your connection and try again."}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          Try Again
        </Button>
      </StateMessage>
    </div>
  );
}
