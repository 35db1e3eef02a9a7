import { useCallback, useMemo } from "react";
import { allowedImageSrc } from "@shared/image-source";
import { useSiteSettings } from "./site-settings";

/**
 * The image address a component may render for a URL from data, or null (render the record's
 * placeholder): the site's own files or a host on the site settings' allow-list. Every image a
 * record names goes through it (`allowedImageSrc`, shared/image-source.ts).
 */
export function useImageSrc(): (url: string | null | undefined) => string | null {
  const { imageHosts } = useSiteSettings();
  return useCallback((url) => allowedImageSrc(url, imageHosts), [imageHosts]);
}

/** The image addresses of a media item (the original may be on another host; the renditions are the site's files). */
const MEDIA_IMAGE_FIELDS = ["originalUrl", "largeUrl", "largeWebpUrl", "thumbnailUrl", "thumbnailWebpUrl", "posterUrl"] as const;
type MediaImages = { [K in (typeof MEDIA_IMAGE_FIELDS)[number]]: string | null };

/** Media items with each image address a page may not render set to null (`useImageSrc`). */
export function useAllowedMedia<T extends MediaImages>(items: readonly T[]): T[] {
  const src = useImageSrc();
  return useMemo(
    () => items.map((item) => ({ ...item, ...Object.fromEntries(MEDIA_IMAGE_FIELDS.map((field) => [field, src(item[field])])) })),
    [items, src],
  );
}
