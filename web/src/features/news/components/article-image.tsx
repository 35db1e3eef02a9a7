import { useState } from "react";

type Props = { src: string | null; className?: string; eager?: boolean };

/** A decorative 16:9 article image; hides itself if the URL fails to load. */
export function ArticleImage({ src, className = "", eager = false }: Props) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return (
    <div className={`aspect-video overflow-hidden bg-surface-muted ${className}`}>
      <img
        src={src}
        alt=""
        width={640}
        height={360}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        onError={() => setFailed(true)}
        className="size-full object-cover"
      />
    </div>
  );
}
