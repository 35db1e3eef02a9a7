/**
 * The gallery's lightbox (yet-another-react-lightbox, MIT; ADR 0010), loaded the first time a
 * card is opened. It locks page scroll, makes the page behind it inert (focus stays inside) and
 * gives focus back to the card on close; Escape closes, arrow keys and swipes move, and only
 * within the page's items (no wrap-around).
 */
import { useEffect, useMemo } from "react";
import Lightbox, { type Slide } from "yet-another-react-lightbox";
import Fullscreen from "yet-another-react-lightbox/plugins/fullscreen";
import Video from "yet-another-react-lightbox/plugins/video";
import "yet-another-react-lightbox/styles.css";
import "./media-lightbox.css";
import { Badge } from "@/components/ui/badge";
import { keepTabInside } from "@/lib/keep-tab-inside";
import type { MediaItem } from "@schemas/media";
import { useAllowedMedia } from "@/lib/image-src";
import { recordMediaView } from "../api/record-media-view";
import { formatViews } from "@/features/gallery/lib/gallery-ui";

const VIDEO_TYPES: Record<string, string> = { mp4: "video/mp4", webm: "video/webm", mov: "video/quicktime", ogv: "video/ogg" };

function videoType(url: string): string {
  const ext = url.split("?")[0]!.split(".").pop()?.toLowerCase() ?? "";
  return VIDEO_TYPES[ext] ?? "video/mp4";
}

function toSlide(item: MediaItem): Slide {
  const width = item.width ?? undefined;
  const height = item.height ?? undefined;
  if (item.mediaType === "video" && item.originalUrl) {
    return {
      type: "video",
      sources: [{ src: item.originalUrl, type: videoType(item.originalUrl) }],
      poster: item.posterUrl ?? item.largeWebpUrl ?? item.largeUrl ?? undefined,
      autoPlay: true,
      controls: true,
      playsInline: true,
      width,
      height,
    };
  }
  const large = item.largeWebpUrl ?? item.largeUrl;
  const src = large ?? item.originalUrl ?? "";
  const srcSet =
    large && item.originalUrl && width && height && width > 1280
      ? [
          { src: large, width: 1280, height: Math.round((height * 1280) / width) },
          { src: item.originalUrl, width, height },
        ]
      : undefined;
  return { src, alt: item.altText || item.title, width, height, srcSet };
}

function Details({ item }: { item: MediaItem }) {
  return (
    <div className="absolute inset-x-0 bottom-0 max-h-[40%] overflow-y-auto bg-gradient-to-t from-black/90 via-black/75 to-black/0 px-4 pt-10 pb-4 text-left text-stone-100 sm:px-8">
      <div className="mx-auto max-w-4xl space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-display text-lg font-bold text-white sm:text-xl">{item.title}</h2>
          {item.isFeatured ? <Badge tone="warning">Featured</Badge> : null}
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-300">
          <span>{formatViews(item.viewCount)}</span>
          {item.category ? (
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ backgroundColor: item.category.color }} />
              {item.category.name}
            </span>
          ) : null}
          {item.faction ? <span>{item.faction.name}</span> : null}
          {item.width && item.height ? (
            <span>
              {item.width} × {item.height}
            </span>
          ) : null}
        </p>
        {item.description ? <p className="text-sm">{item.description}</p> : null}
        {item.caption ? <p className="text-sm text-stone-300 italic">{item.caption}</p> : null}
      </div>
    </div>
  );
}

/**
 * Keeps Tab inside the open lightbox. The library makes the page behind it inert but lets focus
 * leave past its last button (to the document), where Escape and the arrow keys no longer reach it.
 */
function useTabInside(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const root = document.querySelector<HTMLElement>('.yarl__portal[aria-modal="true"]');
      if (root) keepTabInside(event, root);
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [open]);
}

type Props = {
  items: readonly MediaItem[];
  index: number;
  open: boolean;
  onClose(): void;
  onIndexChange(index: number): void;
};

export default function MediaLightbox({ items, index, open, onClose, onIndexChange }: Props) {
  // Slides name only addresses the site may show (its files, allowed hosts).
  const allowed = useAllowedMedia(items);
  const { slides, itemOf } = useMemo(() => {
    const map = new WeakMap<Slide, MediaItem>();
    const list = allowed.map((item, i) => {
      const slide = toSlide(item);
      map.set(slide, items[i]!);
      return slide;
    });
    return { slides: list, itemOf: map };
  }, [allowed, items]);
  const current = items[index];
  const single = items.length <= 1;
  useTabInside(open);

  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Fullscreen, Video]}
      carousel={{ finite: true, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      labels={{ Lightbox: current ? `${current.title} (${index + 1} of ${items.length})` : "Lightbox" }}
      on={{
        view: ({ index: viewed }) => {
          onIndexChange(viewed);
          const item = items[viewed];
          if (item) void recordMediaView(item.id);
        },
      }}
      render={{
        buttonPrev: single ? () => null : undefined,
        buttonNext: single ? () => null : undefined,
        // Fullscreen is for images; videos have their own.
        buttonFullscreen: current?.mediaType === "video" ? () => null : undefined,
        slideFooter: ({ slide }) => {
          const item = itemOf.get(slide);
          return item ? <Details item={item} /> : null;
        },
      }}
    />
  );
}
