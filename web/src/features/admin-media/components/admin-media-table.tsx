import { useAllowedMedia } from "@/lib/image-src";
import { useState } from "react";
import { Link } from "react-router";
import type { MediaItem } from "@schemas/media";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { Time } from "@/components/ui/time";
import { groupDigits } from "@/lib/format-number";
import { MediaStatusBadge } from "./media-status-badge";
import { ThumbnailStatus } from "./thumbnail-status";
import { paths } from "@shared/paths";

type Props = {
  items: readonly MediaItem[];
  selected: ReadonlySet<number>;
  onSelect(item: MediaItem, on: boolean): void;
  /** The item whose action is running (its buttons wait). */
  busy: ReadonlySet<number>;
  onApprove(item: MediaItem): void;
  onReject(item: MediaItem): void;
  onToggle(item: MediaItem, field: "isApproved" | "isFeatured"): void;
  onDelete(item: MediaItem): void;
};

/** Cells that become rows of a card below the large breakpoint. */
const cell = "px-4 py-3 max-lg:p-0";
/** A label shown before a cell's value on cards (the column header says it on the table). */
const CardLabel = ({ children }: { children: string }) => (
  <span aria-hidden="true" className="mr-1 text-ink-muted lg:hidden">
    {children}
  </span>
);

/**
 * The admin media list: a table on large screens and one card per item on phones and tablets
 * (the same markup; the table roles are explicit so the cards keep them). Each item has a
 * checkbox for the selection the review bar acts on, its state (pending, approved or rejected
 * with the reason, featured, thumbnails) and its actions.
 */
export function AdminMediaTable({ items, selected, onSelect, busy, onApprove, onReject, onToggle, onDelete }: Props) {
  return (
    <div className="lg:overflow-x-auto lg:rounded-xl lg:border lg:border-line lg:bg-surface">
      <table role="table" className="w-full text-left text-sm max-lg:block lg:min-w-[60rem]">
        <caption className="sr-only">Media items</caption>
        <thead role="rowgroup" className="border-b border-line bg-surface-muted text-xs tracking-wide text-ink-muted uppercase max-lg:sr-only">
          <tr role="row">
            <th role="columnheader" scope="col" className="w-10 px-4 py-3">
              <span className="sr-only">Selected</span>
            </th>
            <th role="columnheader" scope="col" className="px-4 py-3">Media</th>
            <th role="columnheader" scope="col" className="px-4 py-3">Title and Category</th>
            <th role="columnheader" scope="col" className="px-4 py-3">Status</th>
            <th role="columnheader" scope="col" className="px-4 py-3">Views</th>
            <th role="columnheader" scope="col" className="px-4 py-3">Created</th>
            <th role="columnheader" scope="col" className="px-4 py-3">Actions</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-line max-lg:block max-lg:space-y-3 max-lg:divide-y-0">
          {items.map((item) => {
            const waiting = busy.has(item.id);
            return (
              <tr
                key={item.id}
                role="row"
                data-testid="admin-media-row"
                className="align-top max-lg:grid max-lg:grid-cols-[auto_auto_minmax(0,1fr)] max-lg:gap-x-3 max-lg:gap-y-2 max-lg:rounded-xl max-lg:border max-lg:border-line max-lg:bg-surface max-lg:p-4 max-lg:shadow-sm"
              >
                <td role="cell" className={`${cell} lg:w-10`}>
                  <input
                    type="checkbox"
                    checked={selected.has(item.id)}
                    onChange={(e) => onSelect(item, e.target.checked)}
                    aria-label={`Select "${item.title}"`}
                    className="mt-1 size-4 rounded border-line accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  />
                </td>
                <td role="cell" className={cell}>
                  <AdminThumb item={item} />
                </td>
                <td role="cell" className={`${cell} min-w-0`}>
                  <p className="font-semibold break-words text-ink">{item.title}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-ink-muted">
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
                  {item.uploadedBy ? <p className="mt-0.5 text-xs text-ink-muted">Uploaded by {item.uploadedBy.name}</p> : null}
                </td>
                <td role="cell" className={`${cell} max-lg:col-span-3`}>
                  <div className="flex flex-wrap gap-1.5">
                    <MediaStatusBadge status={item.status} />
                    {item.isFeatured ? <Badge tone="brand">Featured</Badge> : null}
                  </div>
                  {item.status === "rejected" && item.rejectionReason ? (
                    <p className="mt-1.5 max-w-xs text-xs break-words text-ink-muted max-lg:max-w-none">
                      <span className="font-semibold text-ink">Reason:</span> {item.rejectionReason}
                    </p>
                  ) : null}
                  <div className="mt-1.5">
                    <ThumbnailStatus item={item} />
                  </div>
                </td>
                <td role="cell" className={`${cell} tabular-nums max-lg:col-span-3 max-lg:text-xs`}>
                  <CardLabel>Views</CardLabel>
                  {groupDigits(item.viewCount)}
                </td>
                <td role="cell" className={`${cell} whitespace-nowrap max-lg:col-span-3 max-lg:text-xs`}>
                  <CardLabel>Created</CardLabel>
                  <Time dateTime={item.createdAt} format="short" />
                </td>
                <td role="cell" className={`${cell} max-lg:col-span-3`}>
                  <div className="flex flex-wrap gap-1.5">
                    <Link to={paths.adminMediaEdit(item.id)} aria-label={`Edit "${item.title}"`} className={buttonClass({ variant: "secondary", size: "sm" })}>
                      Edit
                    </Link>
                    {item.isApproved ? (
                      <>
                        <Button size="sm" variant="secondary" disabled={waiting} aria-label={`Unapprove "${item.title}"`} onClick={() => onToggle(item, "isApproved")}>
                          Unapprove
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={waiting}
                          aria-label={`${item.isFeatured ? "Unfeature" : "Feature"} "${item.title}"`}
                          onClick={() => onToggle(item, "isFeatured")}
                        >
                          {item.isFeatured ? "Unfeature" : "Feature"}
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button size="sm" disabled={waiting} aria-label={`Approve "${item.title}"`} onClick={() => onApprove(item)}>
                          Approve
                        </Button>
                        {item.status === "pending" ? (
                          <Button size="sm" variant="secondary" disabled={waiting} aria-label={`Reject "${item.title}"`} onClick={() => onReject(item)}>
                            Reject
                          </Button>
                        ) : null}
                      </>
                    )}
                    <Button size="sm" variant="danger" disabled={waiting} aria-label={`Delete "${item.title}"`} onClick={() => onDelete(item)}>
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function AdminThumb({ item: declared }: { item: MediaItem }) {
  const [failed, setFailed] = useState(false);
  const [item] = useAllowedMedia([declared]) as [MediaItem];
  const src = failed ? (item.mediaType === "video" ? item.posterUrl : item.originalUrl) : (item.thumbnailUrl ?? (item.mediaType === "video" ? item.posterUrl : item.originalUrl));
  return src ? (
    <img src={src} alt="" width={96} height={54} loading="lazy" onError={() => setFailed(true)} className="h-[54px] w-24 rounded-md bg-surface-muted object-cover" />
  ) : (
    <div aria-hidden="true" className="flex h-[54px] w-24 items-center justify-center rounded-md bg-stone-800 text-xs text-stone-200">
      {item.mediaType}
    </div>
  );
}
