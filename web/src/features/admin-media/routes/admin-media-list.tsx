import { useCallback, useMemo, useState } from "react";
import { ProtectedRoute } from "@/components/protected-route";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { inputClass } from "@/components/ui/text-field";
import { serverReason, staleRecord } from "@/lib/api-client";
import { useLocalSite } from "@/lib/local-host";
import { groupDigits } from "@/lib/format-number";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useSiteSettings } from "@/lib/site-settings";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import { useToast } from "@/lib/toast";
import { parseId, parsePage } from "@shared/ids";
import type { MediaItem, ReviewDecision } from "@schemas/media";
import { ADMIN_MEDIA_PAGE_SIZE } from "@schemas/media";
import { deleteMediaItem } from "../api/delete-media-item";
import { useAdminMediaList } from "../api/get-admin-media-list";
import { useFactionOptions } from "../api/get-factions";
import { useMediaCategories } from "../api/get-media-categories";
import { useMediaStatusCounts } from "../api/get-media-status-counts";
import { useUnfinishedUploads } from "../api/get-unfinished-uploads";
import { reviewMedia } from "../api/review-media";
import { saveMediaItem, toMediaInput } from "../api/save-media-item";
import { AdminMediaTable } from "../components/admin-media-table";
import { RegenerateButtons } from "../components/regenerate-buttons";
import { RejectDialog } from "../components/reject-dialog";
import { UploadDialog } from "../components/upload-dialog";
import { useUploadQueue } from "../hooks/use-upload-queue";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@shared/paths";

/**
 * /admin/media (moderators and admins): the moderation queue and every media item. Pending is the
 * default view while items wait; one item or a selection is approved or rejected (with a
 * reason its uploader reads); approved items are featured, unapproved, edited or deleted.
 */
export function Component() {
  return (
    <ProtectedRoute requireModerator>
      <AdminMediaList />
    </ProtectedRoute>
  );
}

/** The moderation views: one state, or every item. */
export const STATUS_VIEWS = ["pending", "approved", "rejected", "all"] as const;
export type StatusView = (typeof STATUS_VIEWS)[number];
const VIEW_LABELS: Record<StatusView, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected", all: "All Items" };

/** `status` null: none chosen (the page shows Pending while items wait, else all). */
type Filters = { categoryId: number | null; status: StatusView | null; mine: boolean; page: number };

const readFilters = (params: URLSearchParams): Filters => {
  const status = params.get("status");
  return {
    categoryId: parseId(params.get("categoryId")),
    // The spec's "Approved Only" filter, as older links have it.
    status: STATUS_VIEWS.includes(status as StatusView) ? (status as StatusView) : params.get("approvedOnly") === "true" ? "approved" : null,
    mine: params.get("mine") === "true",
    page: parsePage(params.get("page")),
  };
};

function useAdminFilters() {
  const [params, setParams] = useSearchParamsState();
  const filters = useMemo(() => readFilters(params), [params]);
  const search = (f: Filters) => {
    const next = new URLSearchParams();
    if (f.categoryId) next.set("categoryId", String(f.categoryId));
    if (f.status) next.set("status", f.status);
    if (f.mine) next.set("mine", "true");
    if (f.page > 1) next.set("page", String(f.page));
    const text = next.toString();
    return text ? `?${text}` : "";
  };
  const setFilters = useCallback(
    (patch: Partial<Omit<Filters, "page">>) => setParams((current) => search({ ...readFilters(current), ...patch, page: 1 })),
    [setParams],
  );
  const pageHref = (view: StatusView, page: number) => paths.adminMedia(search({ ...filters, status: view, page }));
  return { filters, setFilters, pageHref };
}

/** An item the last review could not change, and why (the server's words). */
type ReviewFailure = { id: number; title: string; message: string };

function AdminMediaList() {
  const local = useLocalSite();
  const { filters, setFilters, pageHref } = useAdminFilters();
  const counts = useMediaStatusCounts();
  // Pending is the default view while items wait (and all items otherwise).
  const view: StatusView | null = filters.status ?? (counts.data ? (counts.data.pending > 0 ? "pending" : "all") : counts.error ? "all" : null);
  const list = useAdminMediaList(
    {
      categoryId: filters.categoryId ?? undefined,
      status: view && view !== "all" ? view : undefined,
      mine: filters.mine || undefined,
      page: filters.page,
      pageSize: ADMIN_MEDIA_PAGE_SIZE,
    },
    view !== null,
  );
  const categories = useMediaCategories();
  const toast = useToast();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<MediaItem | null>(null);
  /** Items the reject dialog is open for. */
  const [rejecting, setRejecting] = useState<MediaItem[] | null>(null);
  const [failures, setFailures] = useState<{ decision: ReviewDecision; items: ReviewFailure[] } | null>(null);
  const data = list.data;
  const items = useMemo(() => data?.items ?? [], [data]);
  const [uploading, setUploading] = useState(false);
  const settings = useSiteSettings();
  const factions = useFactionOptions();
  const activeCategories = (categories.data ?? []).filter((c) => c.isActive);
  const queue = useUploadQueue({ maxMb: settings.maxFileUploadSize, defaultCategoryId: activeCategories[0]?.id ?? 0 });
  const unfinished = useUnfinishedUploads();
  const continued = new Set(queue.entries.flatMap((e) => (e.task ? [String(e.task.getSnapshot().uploadId)] : e.resumeOf ? [String(e.resumeOf.id)] : [])));
  const offers = (unfinished.data ?? []).filter((u) => !continued.has(String(u.id)));

  // The selection: items of the page on screen (another view or page starts without one).
  const [selection, setSelection] = useState<{ scope: string; ids: ReadonlySet<number> }>({ scope: "", ids: new Set() });
  const scope = `${view}|${filters.categoryId}|${filters.mine}|${filters.page}`;
  const selectedIds = selection.scope === scope ? selection.ids : new Set<number>();
  const selectedItems = items.filter((i) => selectedIds.has(i.id));
  const setSelected = (ids: ReadonlySet<number>) => setSelection({ scope, ids });
  const allSelected = items.length > 0 && selectedItems.length === items.length;

  const withBusy = async (ids: readonly number[], run: () => Promise<void>) => {
    setBusy((prev) => new Set([...prev, ...ids]));
    try {
      await run();
    } finally {
      setBusy((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
    }
  };

  /** Approves or rejects the items; reports those that could not be (changed or deleted meanwhile). Throws when nothing was sent. */
  async function review(decision: ReviewDecision, chosen: MediaItem[], reason?: string) {
    await withBusy(
      chosen.map((i) => i.id),
      async () => {
        const result = await reviewMedia(decision, chosen, reason);
        const titleOf = (id: number) => chosen.find((i) => i.id === id)?.title ?? `Item ${id}`;
        const done = result.done.length;
        if (done) {
          const what = done === 1 ? `“${titleOf(result.done[0]!)}”` : `${done} items`;
          toast.success(`${decision === "approve" ? "Approved" : "Rejected"} ${what}.`);
        }
        setFailures(result.failed.length ? { decision, items: result.failed.map((f) => ({ id: f.id, title: titleOf(f.id), message: f.message })) } : null);
        setSelected(new Set([...selectedIds].filter((id) => !result.done.includes(id))));
        await Promise.all([list.mutate(), counts.mutate()]);
      },
    );
  }

  async function approve(chosen: MediaItem[]) {
    try {
      await review("approve", chosen);
    } catch (err) {
      console.error("Approving failed.", err);
      toast.error(serverReason(err, "Failed to update approval status. Please try again."));
    }
  }

  async function toggle(item: MediaItem, field: "isApproved" | "isFeatured") {
    await withBusy([item.id], async () => {
      try {
        await saveMediaItem(item.id, { ...toMediaInput(item), [field]: !item[field] }, item.updatedAt);
        await Promise.all([list.mutate(), counts.mutate()]);
      } catch (err) {
        if (staleRecord(err)) {
          // A one-click toggle has no form to keep: the list reloads with their version.
          toast.error(`"${item.title}" was changed by someone else since the list loaded. The list now shows their version.`);
          await Promise.all([list.mutate(), counts.mutate()]);
          return;
        }
        console.error(`Updating ${field} failed.`, err);
        toast.error(
          field === "isApproved"
            ? "Failed to update approval status. Please try again."
            : "Failed to update featured status. Please try again.",
        );
      }
    });
  }

  async function remove(item: MediaItem) {
    await withBusy([item.id], async () => {
      try {
        await deleteMediaItem(item.id);
        toast.success(`Deleted "${item.title}".`);
        await Promise.all([list.mutate(), counts.mutate()]);
      } catch (err) {
        console.error("Deleting the media item failed.", err);
        toast.error(serverReason(err, "Failed to delete media item. Please try again."));
      } finally {
        setConfirming(null);
      }
    });
  }

  const count = (v: StatusView) => (v === "all" || !counts.data ? null : counts.data[v]);
  const emptyText: Record<StatusView, [string, string]> = {
    pending: ["Nothing waits for approval", "New uploads appear here until a moderator approves or rejects them."],
    approved: ["No approved media yet", "Approved items are the ones the gallery shows."],
    rejected: ["No rejected media", "Items a moderator rejected appear here with the reason."],
    all: ["No media items found", "Upload your first media item to get started."],
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHead meta={noindexMeta("Media Management", "Review, approve, feature, edit and delete gallery media.")} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Media Management</h1>
        <div className="flex flex-wrap gap-2">
          <RegenerateButtons />
          <Button onClick={() => setUploading(true)}>Upload Media</Button>
        </div>
      </div>

      {offers.length && !uploading ? (
        <Alert tone="warning" title="Unfinished uploads" className="mt-6">
          <p>
            {offers.length === 1 ? `The upload of "${offers[0]!.fileName}" stopped before it finished.` : `${offers.length} uploads stopped before they finished.`}{" "}
            Only the missing parts are sent when you resume.
          </p>
          <Button size="sm" className="mt-3" onClick={() => setUploading(true)}>
            Resume unfinished uploads
          </Button>
        </Alert>
      ) : null}

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <div role="group" aria-label="Moderation status" className="inline-flex flex-wrap overflow-hidden rounded-lg border border-line">
          {STATUS_VIEWS.map((option) => {
            const n = count(option);
            return (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setFilters({ status: option })}
                className={`px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${
                  view === option ? "bg-ink text-surface" : "bg-surface text-ink hover:bg-surface-muted"
                }`}
              >
                {VIEW_LABELS[option]}
                {/* The space keeps "Pending (7)" one phrase for screen readers too. */}
                {n !== null ? " " : null}
                {n !== null ? <span className="tabular-nums opacity-80">({groupDigits(n)})</span> : null}
              </button>
            );
          })}
        </div>
        <div>
          <label htmlFor="media-category-filter" className="mb-1 block text-sm font-medium text-ink">
            Category
          </label>
          <select
            id="media-category-filter"
            className={inputClass}
            value={filters.categoryId ?? ""}
            onChange={(e) => setFilters({ categoryId: parseId(e.target.value) })}
          >
            <option value="">All Categories</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.isActive ? "" : " (inactive)"}
              </option>
            ))}
          </select>
        </div>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            checked={filters.mine}
            onChange={(e) => setFilters({ mine: e.target.checked })}
            className="size-4 rounded border-line accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
          Only my uploads
        </label>
      </div>

      {failures ? (
        <Alert title={`${failures.items.length === 1 ? "One item was" : `${failures.items.length} items were`} not ${failures.decision === "approve" ? "approved" : "rejected"}`} className="mt-6">
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {failures.items.map((f) => (
              <li key={f.id}>
                <span className="font-semibold">“{f.title}”</span>: {f.message}
              </li>
            ))}
          </ul>
          <p className="mt-2">The list shows them as they are now.</p>
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => setFailures(null)}>
            Dismiss
          </Button>
        </Alert>
      ) : null}

      <div className="mt-6" aria-busy={list.isValidating}>
        {/* An error wins over the data kept from the previous view or page (it is not this one's). */}
        {list.error ? (
          <Alert tone="error" title="Failed to load media items">
            <p>
              {local
                ? "Make sure the backend is running (npm run dev starts the Worker that serves /api), then reload."
                : "Please check your connection and try again."}
            </p>
          </Alert>
        ) : !data || view === null ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading...</span>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-line p-10 text-center">
            <p className="text-lg font-semibold text-ink">{emptyText[view][0]}</p>
            <p className="mt-1 text-sm text-ink-muted">{filters.mine ? "None of your uploads are here." : emptyText[view][1]}</p>
          </div>
        ) : (
          <>
            <div
              role="group"
              aria-label="Selection"
              className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-4 py-2.5 shadow-sm"
            >
              <label className="inline-flex min-h-9 items-center gap-2 text-sm font-medium text-ink">
                <input
                  type="checkbox"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? new Set(items.map((i) => i.id)) : new Set())}
                  className="size-4 rounded border-line accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                />
                Select all on this page
              </label>
              <p className="text-sm text-ink-muted" aria-live="polite">
                {selectedItems.length ? `${selectedItems.length} selected` : "None selected"}
              </p>
              <div className="flex flex-wrap gap-2 sm:ml-auto">
                <Button size="sm" disabled={!selectedItems.length || busy.size > 0} onClick={() => void approve(selectedItems)}>
                  Approve selected
                </Button>
                <Button size="sm" variant="secondary" disabled={!selectedItems.length || busy.size > 0} onClick={() => setRejecting(selectedItems)}>
                  Reject selected
                </Button>
              </div>
            </div>
            <AdminMediaTable
              items={data.items}
              selected={selectedIds}
              onSelect={(item, on) => {
                const next = new Set(selectedIds);
                if (on) next.add(item.id);
                else next.delete(item.id);
                setSelected(next);
              }}
              busy={busy}
              onApprove={(item) => void approve([item])}
              onReject={(item) => setRejecting([item])}
              onToggle={(item, field) => void toggle(item, field)}
              onDelete={setConfirming}
            />
            <div className="mt-8">
              <Pagination page={data.page} totalPages={data.totalPages} hrefFor={(page) => pageHref(view, page)} />
            </div>
          </>
        )}
      </div>

      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        entries={queue.entries}
        unfinished={offers}
        categories={activeCategories}
        factions={factions.data ?? []}
        maxMb={settings.maxFileUploadSize}
        overall={queue.overall}
        announcement={queue.announcement}
        onAddFiles={(files) => queue.addFiles(files, offers)}
        onUpdate={queue.update}
        onStartAll={queue.startAll}
        onRemove={queue.remove}
        onClearFinished={queue.clearFinished}
      />

      <RejectDialog
        open={rejecting !== null}
        subject={rejecting?.length === 1 ? `“${rejecting[0]!.title}”` : `${rejecting?.length ?? 0} items`}
        onCancel={() => setRejecting(null)}
        onReject={async (reason) => {
          await review("reject", rejecting ?? [], reason);
          setRejecting(null);
        }}
      />

      <ConfirmDialog
        open={confirming !== null}
        title="Delete media item"
        message={confirming ? `Are you sure you want to delete "${confirming.title}"?` : ""}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={confirming !== null && busy.has(confirming.id)}
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
