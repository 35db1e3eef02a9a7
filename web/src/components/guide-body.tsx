import type { ReactNode } from "react";
import { Link } from "react-router";
import { Time } from "@/components/ui/time";
import type { RenderedContent } from "@shared/wiki-syntax";
import { WikiBody } from "./wiki-body";

/** What a guide's page shows of it (a GameInfoArticle fits; so does an editor's unsaved form). */
export type GuideForBody = {
  title: string;
  category: string;
  summary: string;
  content: string;
  author: string;
  /** The date shown: first published, else created; none for a guide not saved yet. */
  date: string | null;
  isPublished: boolean;
} & Partial<RenderedContent>;

/**
 * A guide as its page renders it: category, title, summary, byline and the body as the Worker
 * rendered it (Markdown, wiki links, stat cards: `contentHtml`). The public page and the editor's
 * preview both render this, so the preview is what readers will see. Until a rendered body is
 * at hand (a preview on its way), the stored text shows with its line breaks, never as HTML.
 */
export function GuideBody({
  guide,
  headingLevel = 1,
  categoryHref,
  after,
}: {
  guide: GuideForBody;
  headingLevel?: 1 | 2;
  /** The category's list (the public page links it; the preview does not). */
  categoryHref?: string;
  /** Shown at the end of the byline (the page's edit link for moderators). */
  after?: ReactNode;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <>
      <header className="mt-6">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
          {categoryHref ? (
            <Link to={categoryHref} className="underline-offset-4 hover:underline">
              {guide.category}
            </Link>
          ) : (
            guide.category
          )}
        </p>
        <Heading className="mt-2 font-display text-3xl font-bold tracking-tight break-words text-ink sm:text-4xl">{guide.title}</Heading>
        {guide.summary ? <p className="mt-4 text-lg text-ink-muted">{guide.summary}</p> : null}
        <p className="mt-3 text-sm text-ink-muted">
          {guide.author ? <>By {guide.author}</> : null}
          {guide.author && guide.date ? " · " : null}
          {guide.date ? <Time dateTime={guide.date} /> : null}
          {!guide.isPublished ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span> : null}
          {after}
        </p>
      </header>
      <BodyText content={guide.content} contentHtml={guide.contentHtml} toc={guide.toc} testId="gameinfo-content" />
    </>
  );
}

/** A body as rendered by the Worker, or its stored text with line breaks while none is at hand. */
export function BodyText({ content, contentHtml, toc, testId }: { content: string; testId: string } & Partial<RenderedContent>) {
  if (contentHtml !== undefined) return <WikiBody html={contentHtml} toc={toc ?? []} testId={testId} />;
  return (
    <div data-testid={testId} className="mt-8 text-lg leading-relaxed break-words whitespace-pre-line text-ink">
      {content}
    </div>
  );
}
