import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { serverReason } from "@/lib/api-client";

/**
 * A section whose read failed, inside a page that still stands: its title, why (the server's
 * message, else `fallback`; or a fixed `message`), and Try Again. A whole page that failed to
 * load uses PageLoadError instead.
 */
export function LoadErrorAlert({
  title,
  error,
  message,
  fallback = "Please check your connection and try again.",
  onRetry,
  tone,
  className,
}: {
  title: string;
  error?: unknown;
  /** A fixed explanation instead of the server's message. */
  message?: string;
  fallback?: string;
  onRetry: () => void;
  tone?: "error" | "warning";
  className?: string;
}) {
  return (
    <Alert tone={tone} title={title} className={className}>
      <p>{message ?? serverReason(error, fallback)}</p>
      <Button size="sm" variant="secondary" className="mt-3" onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}
