import { useEffect, useState } from "react";
import useSWR from "swr";
import type { TocEntry } from "@shared/wiki-syntax";
import { api, unwrap } from "@/lib/api-client";

export type BodyPreview = { contentHtml: string; toc: TocEntry[]; warnings: { text: string; reason: "missing" | "hidden" | "ambiguous" }[] };

/** POST /api/wiki/preview (moderators): a body as readers will see it, with its broken references. */
export const previewBody = (content: string): Promise<BodyPreview> => unwrap(api.api.wiki.preview.$post({ json: { content } }));

/** How long typing pauses before the preview asks again. */
const PREVIEW_PAUSE_MS = 300;

/**
 * The preview of the body being written, while `active` (the Preview tab is open): asked again
 * once typing pauses; the last preview stays on screen meanwhile.
 */
export function useBodyPreview(content: string, active: boolean) {
  const [settled, setSettled] = useState(content);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(content), PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [content]);
  return useSWR(active && settled.trim() ? ["wiki-preview", settled] : null, ([, body]) => previewBody(body), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
