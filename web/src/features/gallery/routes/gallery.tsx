import { lazy, Suspense, useState } from "react";
import { TYPE_OPTIONS } from "@/features/gallery/lib/gallery-ui";
import { galleryMeta, type PreloadImage } from "@shared/seo";
import { galleryFiltersSearch, galleryItemOf, mediaKeys, parseGalleryFilters } from "@shared/media-keys";
import type { MediaItem } from "@schemas/media";
import type { FirstViewRequest } from "@/app/routes";
import { Pagination } from "@/components/ui/pagination";
import { StateMessage } from "@/components/ui/state-message";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { useSession } from "@/lib/session";
import { useHydrated } from "@/lib/hydrated";
import { isNotFound, serverReason } from "@/lib/api-client";
import { isNoSuchPage, NoSuchPage } from "@/components/no-such-page";
import { useGalleryList } from "../api/get-gallery-list";
import { useLinkedItem } from "../api/get-linked-item";
import { useMediaFilters } from "../api/get-media-filters";
import { FilterSheet } from "../components/filter-sheet";
import { GalleryFilters } from "../components/gallery-filters";
import { GallerySkeleton } from "../components/gallery-skeleton";
import { MediaCard } from "../components/media-card";
import { useGalleryUrlFilters } from "../hooks/use-gallery-url-filters";

/** The lightbox's code (and its CSS) loads the first time a card is opened. */
const MediaLightbox = lazy(() => import("../components/media-lightbox"));

/** The first card's thumbnail is the page's largest early image: fetched at once with high priority (the rest lazily). */
const EAGER_CARDS = 1;

/** The URL's filters and page, and the item a link opens (ADR 0047). */
export function canonicalSearch(params: URLSearchParams) {
  const search = new URLSearchParams(galleryFiltersSearch(parseGalleryFilters(params)));
  const linked = galleryItemOf(params);
  if (linked !== null) search.set("media", String(linked));
  return search;
}

/** The first view reads the URL's page of approved media, the filter options and the item a link opens. */
export const firstView = ({ url }: FirstViewRequest) => {
  const linked = galleryItemOf(url.searchParams);
  return [mediaKeys.gallery(parseGalleryFilters(url.searchParams)), mediaKeys.filters(), linked === null ? null : mediaKeys.item(linked)];
};

/** The first card's thumbnail as its <picture> offers it (WebP first): the page's largest early image. */
function firstCardImage(first: MediaItem | undefined): PreloadImage | null {
  if (!first) return null;
  if (first.thumbnailWebpUrl) return { href: first.thumbnailWebpUrl, type: "image/webp" };
  const href = first.thumbnailUrl ?? (first.mediaType === "video" ? first.posterUrl : first.originalUrl);
  return href ? { href } : null;
}

/** /screenshots: the public gallery of approved media. Filters and page live in the URL. */
export function Component() {
  const { filters, setFilters, clearAll, pageHref, activeCount, linkedId, closeLinked } = useGalleryUrlFilters();
  const list = useGalleryList(filters);
  const options = useMediaFilters();
  const linked = useLinkedItem(linkedId);
  const { isModerator } = useSession();
  const hydrated = useHydrated();
  const [lightbox, setLightbox] = useState<{ open: boolean; index: number; loaded: boolean }>({ open: false, index: 0, loaded: false });
  const data = list.data;
  const items = data?.items ?? [];
  // A link to one item (a search result) opens it in the lightbox once the page runs in the browser.
  const linkedItem = hydrated && linkedId !== null ? (linked.data ?? null) : null;
  const linkedIndex = linkedItem ? items.findIndex((i) => i.id === linkedItem.id) : -1;
  const linkedMissing = linkedId !== null && isNotFound(linked.error);
  const meta = galleryMeta(useSiteOrigin(), items);

  const categoryName = options.data?.categories.find((c) => c.value === filters.categoryId)?.label;
  const typeName = TYPE_OPTIONS.find((t) => t.value === filters.mediaType && t.value !== null)?.label;
  const summary = [filters.categoryId ? (categoryName ?? "Selected category") : null, typeName].filter(Boolean).join(" · ");

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHead meta={meta} preload={firstCardImage(items[0])} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Gallery</h1>
        <FilterSheet filters={filters} options={options.data} activeCount={activeCount} onChange={setFilters} onClear={clearAll} />
      </div>

      <div className="mt-6 hidden md:block">
        <GalleryFilters filters={filters} options={options.data} onChange={setFilters} />
      </div>

      {linkedMissing ? (
        <p role="status" className="mt-4 rounded-lg border border-line bg-surface-muted px-4 py-3 text-sm text-ink">
          The media item you followed a link to is not in the gallery.
        </p>
      ) : null}

      {activeCount > 0 ? (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <span>
            Showing: <span className="font-medium text-ink">{summary}</span>
          </span>
          <button
            type="button"
            onClick={clearAll}
            className="rounded font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400"
          >
            Clear
          </button>
        </p>
      ) : null}

      <div className="mt-8" aria-busy={list.isValidating}>
        {isNoSuchPage(list.error, data) ? (
          <NoSuchPage title={`There is no page ${filters.page} of this gallery.`} href={pageHref(1)} label="Go to the first page" />
        ) : list.error && !data ? (
          <StateMessage title="Failed to Load Media" tone="error">
            <p>{serverReason(list.error, "Unable to load media gallery. Please ensure the backend server is running.")}</p>
            <p>Please check your internet connection and try refreshing the page.</p>
          </StateMessage>
        ) : !data ? (
          <GallerySkeleton />
        ) : items.length === 0 ? (
          <StateMessage title="No Media Found">
            <p>{activeCount > 0 ? "Try adjusting your filters to see more content." : "No media items are available at the moment."}</p>
          </StateMessage>
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {data.capped ? `${data.totalCount}+ media items` : data.totalCount === 1 ? "1 media item" : `${data.totalCount} media items`}
            </p>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Media">
              {items.map((item, index) => (
                <li key={item.id} className="flex">
                  <div className="w-full">
                    <MediaCard
                      item={item}
                      eager={index < EAGER_CARDS}
                      canEdit={isModerator}
                      onOpen={() => setLightbox({ open: true, index, loaded: true })}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <div className="mt-10">
              <Pagination page={data.page} totalPages={data.totalPages} hrefFor={pageHref} />
            </div>
          </>
        )}
      </div>

      {linkedItem && !lightbox.open ? (
        <Suspense fallback={null}>
          <MediaLightbox
            items={linkedIndex === -1 ? [linkedItem] : items}
            index={linkedIndex === -1 ? 0 : linkedIndex}
            open
            onClose={closeLinked}
            onIndexChange={() => {}}
          />
        </Suspense>
      ) : lightbox.loaded ? (
        <Suspense fallback={null}>
          <MediaLightbox
            items={items}
            index={lightbox.index}
            open={lightbox.open}
            onClose={() => setLightbox((s) => ({ ...s, open: false }))}
            onIndexChange={(index) => setLightbox((s) => (s.index === index ? s : { ...s, index }))}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
