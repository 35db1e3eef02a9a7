import { useEffect, useId, useRef } from "react";
import { useNavigate } from "react-router";
import type { TocEntry } from "@shared/wiki-syntax";

/**
 * A guide's or article's body as the Worker rendered it (worker/lib/wiki, docs/design/wiki.md):
 * the HTML comes only from that renderer, which shows raw HTML in a body as text and keeps only
 * safe links and allowed images, so it is inserted as is. A table of contents comes first when
 * the body has one. A click on a link to one of the site's pages navigates in the app instead of
 * loading the page again.
 */
export function WikiBody({ html, toc, testId }: { html: string; toc: readonly TocEntry[]; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const tocId = useId();
  useEffect(() => {
    const body = ref.current;
    if (!body) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest("a");
      const href = link?.getAttribute("href");
      if (!href || !href.startsWith("/") || href.startsWith("//")) return;
      event.preventDefault();
      void navigate(href);
    };
    body.addEventListener("click", onClick);
    return () => body.removeEventListener("click", onClick);
  }, [navigate]);
  return (
    <>
      {toc.length > 0 ? (
        <nav aria-labelledby={tocId} className="mt-8 rounded-xl border border-line bg-surface p-4 sm:max-w-sm" data-testid="wiki-toc">
          <h2 id={tocId} className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
            Contents
          </h2>
          <ol className="mt-2 space-y-1 text-base">
            {toc.map((entry) => (
              <li key={entry.id} className={entry.level === 3 ? "pl-4" : entry.level === 4 ? "pl-8" : undefined}>
                <a href={`#${entry.id}`} className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
                  {entry.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div ref={ref} data-testid={testId} className="wiki-body mt-8" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
