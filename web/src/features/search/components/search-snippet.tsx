import type { SnippetPart } from "@shared/search";

/** A result's snippet as text: the words that matched are <mark> elements (never parsed as HTML). */
export function SearchSnippet({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <p className="mt-1 line-clamp-3 text-sm text-ink-muted">
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-200/80 px-0.5 font-semibold text-ink dark:bg-amber-400/25">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
