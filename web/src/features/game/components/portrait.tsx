import { useState } from "react";
import { portraitInitial, webpTwin } from "@/features/game/lib/game-ui";
import { useImageSrc } from "@/lib/image-src";
import type { PreloadImage } from "@shared/seo";

/** A portrait shown above the fold, as the page preloads it: its WebP twin where there is one. */
export function portraitPreload(src: string | null | undefined): PreloadImage | null {
  if (!src) return null;
  const webp = webpTwin(src);
  return webp ? { href: webp, type: "image/webp" } : { href: src };
}

/**
 * A square portrait (unit, hero, faction logo), with the WebP twin first where there is one.
 * When there is no image, it is not one the site may show, or it fails to load, the initial of
 * the name stands in.
 */
export function Portrait({
  src: declared,
  name,
  size = 96,
  eager = false,
  className = "",
}: {
  src: string | null;
  name: string;
  size?: number;
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  // A host the site does not allow gets the initial, as a missing image does.
  const src = useImageSrc()(declared);
  const box = `shrink-0 overflow-hidden rounded-xl ${className}`;
  if (!src || failed === src) {
    return (
      <div
        aria-hidden="true"
        data-testid="portrait-initial"
        style={{ width: size, height: size }}
        className={`${box} flex items-center justify-center bg-gradient-to-br from-brand-600 to-brand-900 font-display font-bold text-white`}
      >
        <span style={{ fontSize: Math.round(size * 0.45) }}>{portraitInitial(name)}</span>
      </div>
    );
  }
  const webp = webpTwin(src);
  const img = (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(src)}
      className="h-full w-full object-cover"
    />
  );
  return (
    <div style={{ width: size, height: size }} className={`${box} bg-surface-muted`}>
      {webp ? (
        <picture>
          <source type="image/webp" srcSet={webp} />
          {img}
        </picture>
      ) : (
        img
      )}
    </div>
  );
}
