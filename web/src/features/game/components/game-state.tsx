import { Link } from "react-router";
import { Button, buttonClass } from "@/components/ui/button";
import { PageMeta } from "@/lib/page-meta";
import { StateMessage } from "@/components/ui/state-message";

/** A missing record page ('Unit Not Found'...): title, a sentence and a way back; never indexed. */
export function GameNotFound({ title, message, backTo, backLabel }: { title: string; message: string; backTo: string; backLabel: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <PageMeta title={title} description={message} noIndex />
      <h1 className="font-display text-3xl font-bold text-ink">{title}</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      <div className="mt-8 flex justify-center">
        <Link to={backTo} className={buttonClass()}>
          {backLabel}
        </Link>
      </div>
    </div>
  );
}

/** A page whose read failed: the error state with the server's message and Try Again. */
export function GameLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <PageMeta title={title} noIndex />
      <StateMessage tone="error" title={title}>
        <p>{error instanceof Error && error.message ? error.message : "Please check your connection and try again."}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          Try Again
        </Button>
      </StateMessage>
    </div>
  );
}
