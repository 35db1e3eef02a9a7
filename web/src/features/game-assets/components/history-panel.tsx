import { useState } from "react";
import type { HistoryEntityType } from "@shared/history";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { formatLongDateTime } from "@/lib/format-date";
import { useHistory } from "../api/get-history";

type HistoryPanelProps = {
  entity: HistoryEntityType;
  id: number | null;
  title: string;
  open: boolean;
  onClose(): void;
  /** Restore one change (the caller sends it with the row's version and handles the answer). */
  onRestore(changeId: number): Promise<void>;
};

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : typeof v === "string" ? v : JSON.stringify(v));
const ACTIONS = { create: "Created", update: "Changed", delete: "Deleted", restore: "Restored" } as const;

/** The changes of one record, newest first, each with its fields' old and new values and a Restore button. */
export function HistoryPanel({ entity, id, title, open, onClose, onRestore }: HistoryPanelProps) {
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const { data, error, isLoading } = useHistory(entity, open ? id : null, page);

  async function restore(changeId: number) {
    setBusy(changeId);
    try {
      await onRestore(changeId);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={`History: ${title}`} placement="side" description="Every change, newest first. Restore puts a change's old values back as a new change.">
      {isLoading ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading history">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : error ? (
        <p className="text-red-700 dark:text-red-400">Failed to load the history. Please try again.</p>
      ) : !data || data.items.length === 0 ? (
        <p className="text-ink-muted">No changes recorded yet.</p>
      ) : (
        <>
          <ol className="space-y-4">
            {data.items.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-line p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-semibold text-ink">{ACTIONS[entry.action]}</span>
                    {entry.restoredFrom ? <span className="text-ink-muted"> (from change #{entry.restoredFrom})</span> : null}
                    <span className="text-ink-muted"> by {entry.user?.name ?? "a removed account"}</span>
                  </p>
                  <time className="text-xs text-ink-muted" dateTime={entry.createdAt}>
                    {formatLongDateTime(entry.createdAt)}
                  </time>
                </div>
                <table className="mt-2 w-full table-fixed text-xs">
                  <thead className="sr-only">
                    <tr>
                      <th>Field</th>
                      <th>Old value</th>
                      <th>New value</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.changes.map((c) => (
                      <tr key={c.field} className="align-top">
                        <th scope="row" className="w-1/4 py-0.5 pr-2 text-left font-medium text-ink-muted">
                          {c.field}
                        </th>
                        <td className="break-words py-0.5 pr-2 text-red-800 line-through decoration-red-400/60 dark:text-red-300">{show(c.old)}</td>
                        <td className="break-words py-0.5 text-green-800 dark:text-green-300">{show(c.new)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {entry.restorable ? (
                  <Button size="sm" variant="secondary" className="mt-2" disabled={busy !== null} onClick={() => void restore(entry.id)} aria-label={`Restore change #${entry.id}`}>
                    {busy === entry.id ? "Restoring…" : "Restore"}
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
          {data.totalPages > 1 ? <Pagination page={page} totalPages={data.totalPages} onPage={setPage} /> : null}
        </>
      )}
    </Dialog>
  );
}
