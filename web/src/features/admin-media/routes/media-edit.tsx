import { useState } from "react";
import { useImageSrc } from "@/lib/image-src";
import { ConflictGuard, conflictFields } from "@/components/ui/conflict-prompt";
import { Link, useNavigate, useParams } from "react-router";
import { ProtectedRoute } from "@/components/protected-route";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { LoadingState } from "@/components/ui/spinner";
import { serverReason } from "@/lib/api-client";
import { formatShortDate } from "@/lib/format-date";
import { groupDigits } from "@/lib/format-number";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useToast } from "@/lib/toast";
import { useConflictSave } from "@/lib/use-conflict-save";
import { parseId } from "@shared/ids";
import type { MediaCategory, MediaItem, MediaItemFormValues } from "@schemas/media";
import { useFactionOptions } from "../api/get-factions";
import { useMediaCategories } from "../api/get-media-categories";
import { useMediaItem } from "../api/get-media-item";
import { saveMediaItem, toMediaInput } from "../api/save-media-item";
import { CategoriesLoadError } from "../components/categories-load-error";
import { MediaForm } from "../components/media-form";
import { MediaStatusBadge } from "../components/media-status-badge";
import { paths } from "@shared/paths";

/** /admin/media/{id}/edit (moderators and admins): the item's summary and the media form. */
export function Component() {
  return (
    <ProtectedRoute requireModerator>
      <MediaEdit />
    </ProtectedRoute>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageHead meta={noindexMeta("Media Item Not Found")} />
      <h1 className="font-display text-3xl font-bold text-ink">Media Item Not Found</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      <Link to={paths.adminMedia()} className={`${buttonClass()} mt-6`}>
        Back to Media Management
      </Link>
    </section>
  );
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`;

function Summary({ item }: { item: MediaItem }) {
  const preview = useImageSrc()(item.thumbnailUrl ?? (item.mediaType === "video" ? item.posterUrl : item.originalUrl));
  return (
    <aside className="space-y-3 self-start rounded-xl border border-line bg-surface p-4" aria-label="Current media">
      {preview ? (
        <img src={preview} alt={item.altText || item.title} width={400} height={225} className="aspect-video w-full rounded-lg bg-surface-muted object-cover" />
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        <MediaStatusBadge status={item.status} />
        {item.isFeatured ? <Badge tone="brand">Featured</Badge> : null}
        <Badge tone="neutral">{item.mediaType}</Badge>
      </div>
      {item.status === "rejected" ? (
        <div className="rounded-lg border border-red-600/30 bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950/50 dark:text-red-100">
          <p className="font-semibold">Rejected</p>
          <p className="mt-0.5 break-words">{item.rejectionReason || "No reason was given."}</p>
          <p className="mt-1 text-xs opacity-80">It stays out of the gallery until a moderator approves it.</p>
        </div>
      ) : item.status === "pending" ? (
        <p className="text-sm text-ink-muted">Waiting for a moderator in the queue of Media Management.</p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">Dimensions</dt>
        <dd className="text-ink">{item.width && item.height ? `${item.width} × ${item.height}` : "Unknown"}</dd>
        <dt className="text-ink-muted">File size</dt>
        <dd className="text-ink">{formatBytes(item.fileSize)}</dd>
        <dt className="text-ink-muted">Views</dt>
        <dd className="text-ink">{groupDigits(item.viewCount)}</dd>
        {item.uploadedBy ? (
          <>
            <dt className="text-ink-muted">Uploaded by</dt>
            <dd className="break-words text-ink">{item.uploadedBy.name}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">Created</dt>
        <dd className="text-ink">{formatShortDate(item.createdAt)}</dd>
        <dt className="text-ink-muted">Thumbnails</dt>
        <dd className="text-ink capitalize">{item.thumbnailStatus}</dd>
      </dl>
      {item.originalUrl ? (
        <a href={item.originalUrl} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          Open original
        </a>
      ) : null}
    </aside>
  );
}

function MediaEdit() {
  const { id: idText } = useParams();
  const id = parseId(idText);
  const item = useMediaItem(id);
  const categories = useMediaCategories();
  const factions = useFactionOptions();

  if (id === null) return <NotFound message="Invalid media ID" />;
  if (item.error) {
    return <NotFound message={serverReason(item.error, "Failed to load media item")} />;
  }
  // The form needs the categories: without them it would wait forever, so their failure is shown.
  if (categories.error && !categories.data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <PageHead meta={noindexMeta("Edit Media")} />
        <CategoriesLoadError error={categories.error} onRetry={() => void categories.mutate()} />
      </div>
    );
  }
  if (!item.data || !categories.data) return <LoadingState text="Loading media item..." />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHead meta={noindexMeta(`Edit ${item.data.title}`)} />
      <Link to={paths.adminMedia()} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
        ← Back to Media Management
      </Link>
      <h1 className="mt-3 font-display text-3xl font-bold tracking-tight text-ink">Edit Media</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <Summary item={item.data} />
        <EditMedia key={item.data.id} item={item.data} categories={categories.data} factions={factions.data ?? []} />
      </div>
    </div>
  );
}

/** The item's fields as the conflict prompt lists them, in the form's order. */
const MEDIA_FIELDS = [
  { key: "title", label: "Title" },
  { key: "description", label: "Description" },
  { key: "mediaType", label: "Media type" },
  { key: "altText", label: "Alt text" },
  { key: "caption", label: "Caption" },
  { key: "tags", label: "Tags" },
  { key: "categoryId", label: "Category" },
  { key: "factionId", label: "Faction" },
  { key: "isApproved", label: "Approved" },
  { key: "isFeatured", label: "Featured" },
  { key: "sortOrder", label: "Sort order" },
] as const satisfies readonly { key: keyof MediaItemFormValues; label: string }[];

/**
 * The media form of a stored item: saves send the version the form was loaded with. When someone
 * else saved the item in between (409), the form locks and the conflict prompt shows their
 * values: take theirs (the form reloads with them) or keep mine (saved again over theirs).
 */
function EditMedia({ item, categories, factions }: { item: MediaItem; categories: MediaCategory[]; factions: { id: number; name: string }[] }) {
  const navigate = useNavigate();
  const toast = useToast();
  /** The version the form is based on, the values it shows, and its generation (a new one reloads it). */
  const [base, setBase] = useState({ version: item.updatedAt, values: toMediaInput(item), generation: 0 });
  const saving = useConflictSave<MediaItem, MediaItemFormValues>({
    write: async (values, version) => {
      await saveMediaItem(item.id, values, version);
      toast.success("Media item saved.");
      navigate(paths.adminMedia());
    },
    failMessage: "Failed to save media item",
    // The form keeps the values it sent (reloaded, so it is no longer saving).
    onConflict: ({ mine }) => setBase((b) => ({ ...b, values: mine, generation: b.generation + 1 })),
    onTakeTheirs: (theirs) => setBase((b) => ({ version: theirs.updatedAt, values: toMediaInput(theirs), generation: b.generation + 1 })),
    onKeepMine: (theirs) => setBase((b) => ({ ...b, version: theirs.updatedAt })),
  });

  return (
    <div className="min-w-0">
      <ConflictGuard
        saving={saving}
        subject="this media item"
        fields={(c) => conflictFields(MEDIA_FIELDS, c.mine, toMediaInput(c.theirs))}
        keepMineHint="Take theirs loads their version into the form. Keep mine saves your version over theirs."
      >
        <MediaForm
          key={base.generation}
          initial={base.values}
          categories={categories}
          factions={factions}
          onCancel={() => navigate(paths.adminMedia())}
          onSubmit={async (values) => void (await saving.save(values, base.version))}
        />
      </ConflictGuard>
    </div>
  );
}
