import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { serverReason } from "@/lib/api-client";
import { useToast } from "@/lib/toast";
import { regenerateThumbnails } from "../api/thumbnails";

const CONFIRM = {
  missing: "This will generate thumbnails for media items that are missing WebP thumbnails. Continue?",
  all: "This will regenerate ALL thumbnails, even existing ones. This may take several minutes. Continue?",
} as const;

/** Generate WebP Thumbnails and Force Regenerate All, each after its confirmation (spec texts). */
export function RegenerateButtons() {
  const toast = useToast();
  const [asking, setAsking] = useState<"missing" | "all" | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(kind: "missing" | "all") {
    setBusy(true);
    try {
      const result = await regenerateThumbnails(kind === "all");
      toast.success(result.message);
    } catch (err) {
      console.error("Thumbnail regeneration failed.", err);
      toast.error(serverReason(err, "Failed to regenerate thumbnails"));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setAsking("missing")} disabled={busy}>
        Generate WebP Thumbnails
      </Button>
      <Button variant="secondary" onClick={() => setAsking("all")} disabled={busy}>
        Force Regenerate All
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={asking === "all" ? "Force Regenerate All" : "Generate WebP Thumbnails"}
        message={asking ? CONFIRM[asking] : ""}
        confirmLabel="Continue"
        pendingLabel="Queueing..."
        tone="primary"
        pending={busy}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
