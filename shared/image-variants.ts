/**
 * Resized copies of large images kept in the site's own storage (faction art, portraits, news
 * images: every `/files/` key outside `media/`, whose items have thumbnails of their own). The
 * Worker makes a copy the first time `/files/{key}?w={width}` is asked for and keeps it in R2
 * (worker/routes/files.ts); pages offer the copies in `srcset`, so a phone downloads and decodes
 * a 960-pixel banner instead of the 1600-pixel original.
 */
export const VARIANT_WIDTHS = [640, 960, 1280] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

// Not media items (they have thumbnails) and not the copies themselves (no copies of copies).
const OWN_IMAGE = /^\/files\/(?!media\/|variants\/)[^?#]+\.(?:jpe?g|png|webp)$/i;

/** Whether a key of the MEDIA bucket may have resized copies (a raster image outside `media/` and `variants/`). */
export const hasVariants = (key: string): boolean => OWN_IMAGE.test(`/files/${key}`);

/** Where the copy of `key` at `width` is kept in R2 (always WebP). */
export const variantKey = (key: string, width: VariantWidth): string => `variants/w${width}/${key}.webp`;

/**
 * `srcset` and `sizes` for an image `intrinsicWidth` pixels wide (the original; the copies narrower
 * than it are offered too) when its URL is in the site's own storage; null for any other URL (an
 * external image is shown as it is). `sizes` is the image's display width, as in `<img sizes>`.
 */
export function responsiveImage(url: string | null | undefined, intrinsicWidth: number, sizes: string): { srcset: string; sizes: string } | null {
  if (!url || !OWN_IMAGE.test(url)) return null;
  const copies = VARIANT_WIDTHS.filter((w) => w < intrinsicWidth).map((w) => `${url}?w=${w} ${w}w`);
  return { srcset: [...copies, `${url} ${intrinsicWidth}w`].join(", "), sizes };
}
