import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { serverReason } from "@/lib/api-client";
import { triggerThumbnailSync } from "@/features/admin-dashboard/api/trigger-thumbnail-sync";

/** A triggered sync's message disappears after this long. */
export const SYNC_MESSAGE_MS = 5000;
export const SYNC_FAILED = "Failed to connect to server";

type Result = { tone: "success" | "info" | "error"; text: string; triggered: boolean };

/** The dashboard's manual thumbnail sync: the server's message, cleared after 5 s when a sync started. */
export function ThumbnailSync() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!result?.triggered) return;
    const timer = setTimeout(() => setResult(null), SYNC_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [result]);

  async function run() {
    setBusy(true);
    setResult(null);
    try {
      const res = await triggerThumbnailSync();
      setResult({ tone: res.triggered ? "success" : "info", text: res.message, triggered: res.triggered });
    } catch (err) {
      const text = serverReason(err, SYNC_FAILED);
      setResult({ tone: "error", text, triggered: false });
    } finally {
      setBusy(false);
    }
  }

  const tone =
    result?.tone === "error"
      ? "text-red-700 dark:text-red-400"
      : result?.tone === "success"
        ? "text-emerald-700 dark:text-emerald-400"
        : "text-ink-muted";

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => void run()} disabled={busy}>
        {busy ? "Syncing..." : "Sync Thumbnails"}
      </Button>
      <p role={result?.tone === "error" ? "alert" : "status"} className={`text-sm ${tone}`} data-testid="thumbnail-sync-message">
        {result?.text ?? ""}
      </p>
    </div>
  );
}
