import { serverReason } from "@/lib/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * The media categories could not be read: the spec's 'Error Loading Categories' with the
 * server's message or its fallback, and Try again. Shown by the categories editor and by the media
 * form's page (which cannot show its form without them).
 */
export function CategoriesLoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <Alert tone="error" title="Error Loading Categories">
      <p>{serverReason(error, "Failed to load media categories. Please check your connection and try again.")}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
