import { CommentsWidget, MODERATION_NOTE } from "@/components/comments-widget";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { useSiteSettings } from "@/lib/site-settings";
import { forumMeta } from "@shared/seo";
import { paths } from "@shared/paths";

export const FORUM_TITLE = "Community Forum";

export const FORUM_INTRO = "Talk strategy, share your favourite factions and meet other players.";

/** The community guidelines. */
export const FORUM_GUIDELINES = ["Be respectful", "Stay on topic", "No spam", "Use appropriate language", "Search before posting"] as const;


/** The forum's one discussion thread in the comment service (fixed, never derived from the URL). */
export const FORUM_THREAD_ID = "realm-codex-forum";

/** /forum: the community guidelines and the discussion widget (the article comments' widget and sign-on). */
export function Component() {
  const { enableComments, moderateComments } = useSiteSettings();
  const origin = useSiteOrigin();
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
      <PageHead meta={forumMeta(origin)} />
      <header>
        <h1 className="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{FORUM_TITLE}</h1>
        <p className="mt-2 text-ink-muted">{FORUM_INTRO}</p>
      </header>

      <section aria-labelledby="guidelines-heading" className="rounded-2xl border border-brand-600/30 bg-brand-50 p-5 dark:bg-brand-950/40">
        <h2 id="guidelines-heading" className="font-display text-lg font-semibold text-ink">
          Community Guidelines
        </h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {FORUM_GUIDELINES.map((item) => (
            <li key={item} className="flex items-center gap-2 text-sm text-ink">
              <svg viewBox="0 0 24 24" className="size-4 shrink-0 text-brand-700 dark:text-brand-400" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
              {item}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="discussion-heading">
        <h2 id="discussion-heading" className="font-display text-2xl font-bold text-ink">
          Discussion
        </h2>
        {enableComments ? (
          <>
            {moderateComments ? <p className="mt-1 text-sm text-ink-muted">{MODERATION_NOTE}</p> : null}
            <div className="mt-4">
              <CommentsWidget threadId={FORUM_THREAD_ID} path={paths.forum()} title="Community Forum" />
            </div>
          </>
        ) : (
          <p className="mt-4 rounded-xl border border-dashed border-line p-6 text-center text-ink-muted">
            The forum discussion is closed for now. Please check back later.
          </p>
        )}
      </section>
    </div>
  );
}
