import { useImageSrc } from "@/lib/image-src";
import { useState } from "react";
import { Link } from "react-router";
import type { MediaItem, MediaStatus } from "@schemas/media";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { Time } from "@/components/ui/time";
import { useMyUploads } from "@/features/profile/api/get-my-uploads";
import { paths } from "@shared/paths";

export const UPLOADS_LOAD_FAILED = "Failed to load your uploads";

const STATUS: Record<MediaStatus, { label: string; tone: BadgeTone; note: string }> = {
  pending: { label: "Pending", tone: "warning", note: "Waiting for a moderator." },
  approved: { label: "Approved", tone: "success", note: "In the gallery." },
  rejected: { label: "Rejected", tone: "danger", note: "Kept out of the gallery." },
};

/**
 * The member's own uploads with where each is in moderation: pending, approved (in the gallery)
 * or rejected, with the moderator's reason. Shown once the member has uploaded something.
 */
export function YourUploadsSection({ canManage }: { canManage: boolean }) {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useMyUploads(page, true);
  return (
    <section aria-labelledby="your-uploads-title" className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="your-uploads-title" className="font-display text-lg font-bold text-ink">
          Your Uploads
        </h2>
        {canManage ? (
          <Link to={paths.adminMedia({ mine: "true", status: "all" })} className={buttonClass({ variant: "link" })}>
            All in Media Management
          </Link>
        ) : null}
      </div>
      {error && !data ? (
        <LoadErrorAlert className="mt-4" title={UPLOADS_LOAD_FAILED} message="Please try again in a moment." onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingRegion className="mt-4 space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16 rounded-xl" />
          ))}
        </LoadingRegion>
      ) : data.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-line p-6 text-center text-sm text-ink-muted">You have not uploaded anything yet.</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-line">
            {data.items.map((item) => (
              <UploadRow key={item.id} item={item} canManage={canManage} />
            ))}
          </ul>
          {data.totalPages > 1 ? (
            <div className="mt-4">
              <Pagination page={data.page} totalPages={data.totalPages} onPage={setPage} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function UploadRow({ item, canManage }: { item: MediaItem; canManage: boolean }) {
  const status = STATUS[item.status];
  const thumb = useImageSrc()(item.thumbnailUrl ?? (item.mediaType === "video" ? item.posterUrl : item.originalUrl));
  return (
    <li className="flex gap-3 py-3" data-testid="my-upload">
      {thumb ? (
        <img src={thumb} alt="" width={96} height={54} loading="lazy" className="h-[54px] w-24 shrink-0 rounded-md bg-surface-muted object-cover" />
      ) : (
        <div aria-hidden="true" className="flex h-[54px] w-24 shrink-0 items-center justify-center rounded-md bg-stone-800 text-xs text-stone-200">
          {item.mediaType}
        </div>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-ink">{item.title}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </p>
        <p className="text-xs text-ink-muted">
          Uploaded <Time dateTime={item.createdAt} format="short" /> · {status.note}
        </p>
        {item.status === "rejected" && item.rejectionReason ? (
          <p className="mt-1 text-sm break-words text-ink">
            <span className="font-semibold">Reason:</span> {item.rejectionReason}
          </p>
        ) : null}
      </div>
      {canManage ? (
        <Link to={paths.adminMediaEdit(item.id)} aria-label={`Edit “${item.title}”`} className={`${buttonClass({ variant: "secondary", size: "sm" })} self-start`}>
          Edit
        </Link>
      ) : null}
    </li>
  );
}
