import { useState } from "react";
import { useImageSrc } from "@/lib/image-src";

/**
 * How urgently the image loads: "high" for the page's largest above-the-fold image (the Worker
 * preloads the same URL with fetchpriority=high), "eager" for other images above the fold,
 * "lazy" (default) for the rest.
 */
export type ImagePriority = "high" | "eager" | "lazy";

type Props = {
  src: string | null;
  /** The article's alt text; "" marks the image as decoration (screen readers skip it). */
  alt?: string;
  className?: string;
  priority?: ImagePriority;
};

/** Priority of the n-th card of a list: the first is the page's LCP candidate, the next `eagerCount - 1` are above the fold. */
export const cardImagePriority = (index: number, eagerCount: number): ImagePriority =>
  index === 0 ? "high" : index < eagerCount ? "eager" : "lazy";

/** A 16:9 article image with the article's alt text (decorative without one); hides itself if the URL fails to load. */
export function ArticleImage({ src: declared, alt = "", className = "", priority = "lazy" }: Props) {
  const [failed, setFailed] = useState(false);
  // An image on a host the site does not allow is left out, as a missing one is.
  const src = useImageSrc()(declared);
  if (!src || failed) return null;
  return (
    <div className={`aspect-video overflow-hidden bg-surface-muted ${className}`}>
      <img
        src={src}
        alt={alt}
        width={640}
        height={360}
        loading={priority === "lazy" ? "lazy" : "eager"}
        fetchPriority={priority === "high" ? "high" : "auto"}
        decoding={priority === "high" ? "sync" : "async"}
        onError={() => setFailed(true)}
        className="size-full object-cover"
      />
    </div>
  );
}
