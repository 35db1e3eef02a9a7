import { useState } from "react";
import type { MediaItem } from "@schemas/media";
import { useAllowedMedia } from "@/lib/image-src";
import { EYE_ICON_PATH, PLAY_ICON_PATH, THUMB_HEIGHT, THUMB_WIDTH } from "@/features/gallery/lib/gallery-ui";


/**
 * A card's thumbnail: WebP with a JPEG fallback in a <picture>; if the thumbnail is missing or
 * fails to load, the original is shown instead, silently. Width and height are always set.
 */
export function MediaThumbnail({ item: declared, eager = false }: { item: MediaItem; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  // Only images the site may show (its files, allowed hosts); else the placeholder.
  const [item] = useAllowedMedia([declared]) as [MediaItem];
  const poster = item.mediaType === "video" ? item.posterUrl : null;
  const fallback = item.mediaType === "video" ? poster : item.originalUrl;
  const jpeg = failed ? fallback : (item.thumbnailUrl ?? fallback);
  const webp = failed ? null : item.thumbnailWebpUrl;
  const common = {
    alt: item.altText || item.title,
    width: THUMB_WIDTH,
    height: THUMB_HEIGHT,
    loading: eager ? ("eager" as const) : ("lazy" as const),
    fetchPriority: eager ? ("high" as const) : undefined,
    decoding: "async" as const,
    className: "aspect-video h-auto w-full bg-stone-200 object-cover dark:bg-stone-800",
  };
  if (!jpeg) {
    return (
      <div className="flex aspect-video w-full items-center justify-center bg-stone-800 text-stone-200" aria-hidden="true">
        <PlayIcon className="h-12 w-12" />
      </div>
    );
  }
  return (
    <picture>
      {webp ? <source type="image/webp" srcSet={webp} /> : null}
      <img src={jpeg} {...common} onError={() => (failed ? undefined : setFailed(true))} />
    </picture>
  );
}

export function PlayIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true">
      <path d={PLAY_ICON_PATH} />
    </svg>
  );
}

export function EyeIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className={className} aria-hidden="true">
      <path d={EYE_ICON_PATH} />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
