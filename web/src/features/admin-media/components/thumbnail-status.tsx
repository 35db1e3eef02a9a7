import { serverReason } from "@/lib/api-client";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/lib/toast";
import type { MediaItem } from "@schemas/media";
import { retryThumbnails } from "../api/thumbnails";

/** The item's thumbnail job: pending, ready, or failed with its reason and a Retry. */
export function ThumbnailStatus({ item }: { item: MediaItem }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (item.thumbnailStatus === "ready") return <Badge tone="neutral">Thumbnails ready</Badge>;
  if (item.thumbnailStatus === "pending") return <Badge tone="info">Thumbnails pending</Badge>;
  return (
    <div className="space-y-1">
      <Badge tone="danger">Thumbnails failed</Badge>
      {item.thumbnailError ? <p className="max-w-56 text-xs break-words text-red-800 dark:text-red-300">{item.thumbnailError}</p> : null}
      <Button
        size="sm"
        variant="link"
        disabled={busy}
        aria-label={`Retry thumbnails of "${item.title}"`}
        onClick={async () => {
          setBusy(true);
          try {
            await retryThumbnails(item.id);
            toast.info("Thumbnail job queued.");
          } catch (err) {
            console.error("Retrying thumbnails failed.", err);
            toast.error(serverReason(err, "Failed to regenerate thumbnails"));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? "Retrying..." : "Retry"}
      </Button>
    </div>
  );
}
