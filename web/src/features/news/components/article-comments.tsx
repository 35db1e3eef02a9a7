import { useEffect, useRef, useState } from "react";
import {
  DEMO_TENANT_ID,
  fastCommentsScriptUrl,
  loadScript,
  mountFastComments,
  type FastCommentsConfig,
  type WidgetLoadState,
} from "@/lib/fastcomments";
import { isLocalSite } from "@/lib/local-host";
import { useFastCommentsSso } from "@/features/news/api/get-fastcomments-sso";

type Props = { articleId: number; title: string };

/** The thread id of an article's comments. */
export const commentThreadId = (articleId: number) => `news-${articleId}`;

/** The Comments section of an article: the FastComments widget, or a placeholder on local hosts. */
export function ArticleComments({ articleId, title }: Props) {
  return (
    <section aria-labelledby="comments-heading" className="mt-12 border-t border-line pt-8">
      <h2 id="comments-heading" className="font-display text-2xl font-bold text-ink">
        Comments
      </h2>
      <div className="mt-4">
        {isLocalSite() ? (
          <div
            data-testid="comments-placeholder"
            className="rounded-xl border border-dashed border-line p-6 text-center text-ink-muted"
          >
            <p className="font-medium text-ink">Comments are disabled in development.</p>
            <p className="mt-1 text-sm">
              The live comment widget loads on the deployed site (thread <code>{commentThreadId(articleId)}</code>).
            </p>
          </div>
        ) : (
          <LiveComments key={articleId} articleId={articleId} title={title} />
        )}
      </div>
    </section>
  );
}

function LiveComments({ articleId, title }: Props) {
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<WidgetLoadState>("Started");
  const sso = useFastCommentsSso();
  const ssoData = sso.data;
  const ssoError = sso.error as unknown;
  const ssoSettled = ssoData !== undefined || ssoError !== undefined;

  // The widget starts once the SSO answer (or its failure) is in, and again for another user.
  useEffect(() => {
    if (!ssoSettled) return;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    let config: FastCommentsConfig = { tenantId: DEMO_TENANT_ID, urlId: commentThreadId(articleId) };
    if (ssoData) {
      const { tenantId, region, ...payload } = ssoData;
      config = { ...config, tenantId: tenantId || DEMO_TENANT_ID, ...(region === "eu" ? { region } : {}), sso: payload };
    } else {
      // The widget then runs without single sign-on.
      console.error("FastComments SSO token could not be loaded; comments run without SSO.", ssoError);
    }
    (async () => {
      try {
        await loadScript(fastCommentsScriptUrl(config.region));
      } catch (error) {
        console.error("The FastComments script could not be loaded.", error);
        if (!cancelled) setState("Error");
        return;
      }
      if (cancelled || !target.current) return;
      setState("ScriptLoaded");
      try {
        unmount = mountFastComments(target.current, {
          ...config,
          url: `${location.origin}/news/${articleId}`,
          pageTitle: title,
          hasDarkBackground: document.documentElement.classList.contains("dark"),
        });
        setState("Done");
      } catch (error) {
        console.error("The FastComments widget could not start.", error);
        setState("Error");
      }
    })();
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [articleId, title, ssoSettled, ssoData, ssoError]);

  return (
    <div data-state={state}>
      {state === "Error" ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200">
          Oh no! The comments section could not be loaded.
        </p>
      ) : state !== "Done" ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading comments...
        </p>
      ) : null}
      <div ref={target} />
    </div>
  );
}
