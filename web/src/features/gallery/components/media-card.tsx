import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { formatViews } from "@/features/gallery/lib/gallery-ui";
import { MEDIA_CARD_OFFSCREEN } from "@/lib/offscreen";
import type { MediaItem } from "@schemas/media";
import { EyeIcon, MediaThumbnail, PlayIcon } from "./media-thumbnail";
import { paths } from "@shared/paths";


type Props = {
  item: MediaItem;
  onOpen(): void;
  /** Moderators and admins get an edit link to /admin/media/{id}/edit. */
  canEdit: boolean;
  /** The first cards are above the fold: load their thumbnails at once. */
  eager?: boolean;
};

/** A gallery card: thumbnail (video and Featured badges), title, description, category, faction, views. */
export function MediaCard({ item, onOpen, canEdit, eager }: Props) {
  return (
    <article className={`group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm ${MEDIA_CARD_OFFSCREEN}`}>
      <div className="relative">
        <MediaThumbnail item={item} eager={eager} />
        <div className="pointer-events-none absolute top-2 left-2 flex gap-1.5">
          {item.mediaType === "video" ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-stone-950/80 px-2.5 py-0.5 text-xs font-semibold text-white">
              <PlayIcon className="h-3 w-3" />
              Video
            </span>
          ) : null}
          {item.isFeatured ? <Badge tone="warning">Featured</Badge> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold text-ink">
          {/* The whole card is clickable through this button's ::after. */}
          <button
            type="button"
            onClick={onOpen}
            aria-haspopup="dialog"
            className="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {item.title}
          </button>
        </h2>
        {item.description ? <p className="line-clamp-2 text-sm text-ink-muted">{item.description}</p> : null}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-ink-muted">
          {item.category ? (
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ backgroundColor: item.category.color }} />
              {item.category.name}
            </span>
          ) : null}
          {item.faction ? <span>{item.faction.name}</span> : null}
          <span className="inline-flex items-center gap-1">
            <EyeIcon className="h-3.5 w-3.5" />
            {formatViews(item.viewCount)}
          </span>
          {canEdit ? (
            <Link
              to={paths.adminMediaEdit(item.id)}
              aria-label={`Edit ${item.title}`}
              className="relative z-10 ml-auto rounded font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400"
            >
              Edit
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
