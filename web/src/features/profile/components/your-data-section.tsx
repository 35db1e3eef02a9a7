import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { serverReason } from "@/lib/api-client";
import { useToast } from "@/lib/toast";
import { exportAccountRequest } from "@/features/profile/api/export-account";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** Saves a JSON value as a file the browser downloads. */
function saveJson(value: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled (the download has its own copy by then).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Your Data": download everything the site keeps about the member, or delete the account. */
export function YourDataSection({ userId }: { userId: number }) {
  const headingId = useId();
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      saveJson(await exportAccountRequest(), `realm-codex-account-${userId}.json`);
    } catch (err) {
      toast.error(`Failed to download your data: ${serverReason(err, "Failed to connect to server")}`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h2 id={headingId} className="font-display text-xl font-bold text-ink">
        Your Data
      </h2>
      <div className="mt-4 divide-y divide-line">
        <div className="flex flex-col gap-3 pb-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-muted">A JSON file with your profile, your sign-ins and what you did on the site as a moderator or administrator.</p>
          <Button variant="secondary" className="shrink-0" onClick={() => void download()} disabled={downloading}>
            {downloading ? "Preparing..." : "Download My Data"}
          </Button>
        </div>
        <div className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-muted">Delete your account for good. What you wrote stays, shown as by &ldquo;Deleted member&rdquo;.</p>
          <Button variant="danger" className="shrink-0" onClick={() => setDeleting(true)}>
            Delete Account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
