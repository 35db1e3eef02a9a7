import { CommentsWidget, MODERATION_NOTE } from "@/components/comments-widget";
import { useSiteSettings } from "@/lib/site-settings";
import { paths } from "@shared/paths";

type Props = { articleId: number; title: string };

/** The thread id of an article's comments. */
export const commentThreadId = (articleId: number) => `news-${articleId}`;

/** The Comments section of an article (nothing while comments are turned off in the site settings). */
export function ArticleComments({ articleId, title }: Props) {
  const { enableComments, moderateComments } = useSiteSettings();
  if (!enableComments) return null;
  return (
    <section aria-labelledby="comments-heading" className="mt-12 border-t border-line pt-8">
      <h2 id="comments-heading" className="font-display text-2xl font-bold text-ink">
        Comments
      </h2>
      {moderateComments ? <p className="mt-1 text-sm text-ink-muted">{MODERATION_NOTE}</p> : null}
      <div className="mt-4">
        <CommentsWidget threadId={commentThreadId(articleId)} path={paths.newsArticle(articleId)} title={title} />
      </div>
    </section>
  );
}
