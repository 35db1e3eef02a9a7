/**
 * The WebP twin of a demo image: the seed stores every portrait (/files/portraits/…) and faction
 * logo (/files/factions/…) also as a smaller WebP under the same name. Other files (uploads) have
 * no twin and are shown as they are. Used by the SPA's Portrait and the Worker's painted views.
 */
export function webpTwin(src: string): string | null {
  return /^\/files\/(portraits|factions)\/[^?#]+\.(jpg|png)$/.test(src) ? src.replace(/\.(jpg|png)$/, ".webp") : null;
}
