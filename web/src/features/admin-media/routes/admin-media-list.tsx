import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { ProtectedRoute } from "@/components/protected-route";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { inputClass } from "@/components/ui/text-field";
import { formatShortDate } from "@/lib/format-date";
import { useLocalSite } from "@/lib/local-host";
import { groupDigits } from "@/lib/format-number";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useSiteSettings } from "@/lib/site-settings";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import { useToast } from "@/lib/toast";
import { parseId, parsePage } from "@shared/ids";
import type { MediaItem } from "@schemas/media";
import { ADMIN_MEDIA_PAGE_SIZE } from "@schemas/media";
import { deleteMediaItem } from "../api/delete-media-item";
import { useAdminMediaList } from "../api/get-admin-media-list";
import { useFactionOptions } from "../api/get-factions";
import { useMediaCategories } from "../api/get-media-categories";
import { useUnfinishedUploads } from "../api/get-unfinished-uploads";
import { saveMediaItem, toMediaInput } from "../api/save-media-item";
import { RegenerateButtons } from "../components/regenerate-buttons";
import { ThumbnailStatus } from "../components/thumbnail-status";
import { UploadDialog } from "../components/upload-dialog";
import { useUploadQueue } from "../hooks/use-upload-queue";
import { Skeleton } from "@/components/ui/skeleton";

/** /admin/media (moderators and admins): every media item with its state and actions. */
export function Component() {
  return (
    <ProtectedRoute requireModerator>
      <AdminMediaList />
    </ProtectedRoute>
  );
}

type Filters = { categoryId: number | null; approvedOnly: boolean; page: number };

const readFilters = (params: URLSearchParams): Filters => ({
  categoryId: parseId(params.get("categoryId")),
  approvedOnly: params.get("approvedOnly") === "true",
  page: parsePage(params.get("page")),
});

function useAdminFilters() {
  const [params, setParams] = useSearchParamsState();
  const filters = useMemo(() => readFilters(params), [params]);
  const search = (f: Filters) => {
    const next = new URLSearchParams();
    if (f.categoryId) next.set("categoryId", String(f.categoryId));
    if (f.approvedOnly) next.set("approvedOnly", "true");
    if (f.page > 1) next.set("page", String(f.page));
    const text = next.toString();
    return text ? `?${text}` : "";
  };
  const setFilters = useCallback(
    (patch: Partial<Omit<Filters, "page">>) => setParams((current) => search({ ...readFilters(current), ...patch, page: 1 })),
    [setParams],
  );
  const pageHref = (page: number) => `/admin/media${search({ ...filters, page })}`;
  return { filters, setFilters, pageHref };
}

function AdminMediaList() {
  const local = useLocalSite();
  const { filters, setFilters, pageHref } = useAdminFilters();
  const list = useAdminMediaList({
    categoryId: filters.categoryId ?? undefined,
    approvedOnly: filters.approvedOnly,
    page: filters.page,
    pageSize: ADMIN_MEDIA_PAGE_SIZE,
  });
  const categories = useMediaCategories();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<MediaItem | null>(null);
  const data = list.data;
  const [uploading, setUploading] = useState(false);
  const settings = useSiteSettings();
  const factions = useFactionOptions();
  const activeCategories = (categories.data ?? []).filter((c) => c.isActive);
  const queue = useUploadQueue({ maxMb: settings.maxFileUploadSize, defaultCategoryId: activeCategories[0]?.id ?? 0 });
  const unfinished = useUnfinishedUploads();
  const continued = new Set(queue.entries.flatMap((e) => (e.task ? [String(e.task.getSnapshot().uploadId)] : e.resumeOf ? [String(e.resumeOf.id)] : [])));
  const offers = (unfinished.data ?? []).filter((u) => !continued.has(String(u.id)));

  async function toggle(item: MediaItem, field: "isApproved" | "isFeatured") {
    setBusy(item.id);
    try {
      await saveMediaItem(item.id, { ...toMediaInput(item), [field]: !item[field] });
      await list.mutate();
    } catch (err) {
      console.error(`Updating ${field} failed.`, err);
      toast.error(
        field === "isApproved"
          ? "Failed to update approval status. Please try again."
          : "Failed to update featured status. Please try again.",
      );
    } finally {
      setBusy(null);
    }
  }

  async function remove(item: MediaItem) {
    setBusy(item.id);
    try {
      await deleteMediaItem(item.id);
      toast.success(`Deleted "${item.title}".`);
      await list.mutate();
    } catch (err) {
      console.error("Deleting the media item failed.", err);
      toast.error("Failed to delete media item. Please try again.");
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHead meta={noindexMeta("Media Management", "Approve, feature, edit and delete gallery media.")} />
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
        <div role="group" aria-label="Approval" className="inline-flex overflow-hidden rounded-lg border border-line">
          {[
            { label: "All Items", value: false },
            { label: "Approved Only", value: true },
          ].map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={filters.approvedOnly === option.value}
              onClick={() => setFilters({ approvedOnly: option.value })}
              className={`px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${
                filters.approvedOnly === option.value ? "bg-ink text-surface" : "bg-surface text-ink hover:bg-surface-muted"
              }`}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-6" aria-busy={list.isValidating}>
        {list.error && !data ? (
          <Alert tone="error" title="Failed to load media items">
            <p>
              {local
                ? "Make sure the backend is running (npm run dev starts the Worker that serves /api), then reload."
                : "Please check your connection and try again."}
            </p>
          </Alert>
        ) : !data ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading...</span>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-line p-10 text-center">
            <p className="text-lg font-semibold text-ink">No media items found</p>
            <p className="mt-1 text-sm text-ink-muted">Upload your first media item to get started.</p>
          </div>
        ) : (
          <>
            <div className="overflow-x-auto rounded-xl border border-line bg-surface">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <thead className="border-b border-line bg-surface-muted text-xs tracking-wide text-ink-muted uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">Media</th>
                    <th scope="col" className="px-4 py-3">Title and Category</th>
                    <th scope="col" className="px-4 py-3">Status</th>
                    <th scope="col" className="px-4 py-3">Views</th>
                    <th scope="col" className="px-4 py-3">Created</th>
                    <th scope="col" className="px-4 py-3">Actions</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {data.items.map((item) => (
                    <tr key={item.id} data-testid="admin-media-row">
                      <td className="px-4 py-3">
                        <AdminThumb item={item} />
                      </td>
                      <td className="px-4 py-3">
                        <p className="font-semibold text-ink">{item.title}</p>
                        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-ink-muted">
                          {item.category ? (
                            <>
                              <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ backgroundColor: item.category.color }} />
                              {item.category.name}
                            </>
                          ) : (
                            "No category"
                          )}
                          <span aria-hidden="true">·</span>
                          <span className="capitalize">{item.mediaType}</span>
                        </p>
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex flex-wrap gap-1.5">
                          {item.isApproved ? <Badge tone="success">Approved</Badge> : <Badge tone="warning">Pending</Badge>}
                          {item.isFeatured ? <Badge tone="brand">Featured</Badge> : null}
                        </div>
                        <div className="mt-1.5">
                          <ThumbnailStatus item={item} />
                        </div>
                      </td>
                      <td className="px-4 py-3 tabular-nums">{groupDigits(item.viewCount)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <time dateTime={item.createdAt}>{formatShortDate(item.createdAt)}</time>
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex flex-wrap gap-1.5">
                          <Link
                            to={`/admin/media/${item.id}/edit`}
                            aria-label={`Edit "${item.title}"`}
                            className={buttonClass({ variant: "secondary", size: "sm" })}
                          >
                            Edit
                          </Link>
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={busy === item.id}
                            aria-label={`${item.isApproved ? "Unapprove" : "Approve"} "${item.title}"`}
                            onClick={() => void toggle(item, "isApproved")}
                          >
                            {item.isApproved ? "Unapprove" : "Approve"}
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={busy === item.id}
                            aria-label={`${item.isFeatured ? "Unfeature" : "Feature"} "${item.title}"`}
                            onClick={() => void toggle(item, "isFeatured")}
                          >
                            {item.isFeatured ? "Unfeature" : "Feature"}
                          </Button>
                          <Button
                            size="sm"
                            variant="danger"
                            disabled={busy === item.id}
                            aria-label={`Delete "${item.title}"`}
                            onClick={() => setConfirming(item)}
                          >
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-8">
              <Pagination page={data.page} totalPages={data.totalPages} hrefFor={pageHref} />
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

      <ConfirmDialog
        open={confirming !== null}
        title="Delete media item"
        message={confirming ? `Are you sure you want to delete "${confirming.title}"?` : ""}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={busy !== null && busy === confirming?.id}
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

function AdminThumb({ item }: { item: MediaItem }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? (item.mediaType === "video" ? item.posterUrl : item.originalUrl) : (item.thumbnailUrl ?? (item.mediaType === "video" ? item.posterUrl : item.originalUrl));
  return src ? (
    <img
      src={src}
      alt=""
      width={96}
      height={54}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-[54px] w-24 rounded-md bg-surface-muted object-cover"
    />
  ) : (
    <div aria-hidden="true" className="flex h-[54px] w-24 items-center justify-center rounded-md bg-stone-800 text-xs text-stone-200">
      {item.mediaType}
    </div>
  );
}
