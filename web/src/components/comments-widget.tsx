import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import {
  COMMENTS_FRAME_PATH,
  COMMENTS_FRAME_SANDBOX,
  FRAME_MESSAGE,
  type CommentsFrameInit,
  type CommentsFrameMessage,
} from "@shared/comments-frame";
import { DEMO_TENANT_ID, type FastCommentsSso, guestWidgetSso, useFastCommentsSso, type WidgetLoadState } from "@/lib/fastcomments";
import { useLocalSite } from "@/lib/local-host";
import { Alert } from "@/components/ui/alert";
import { useSession } from "@/lib/session";
import { paths } from "@shared/paths";

/**
 * Shown with the widget while the site setting says that comments wait for approval. Holding them
 * is the FastComments account's own setting (docs/decisions/0028-comment-approval.md); an admin
 * turns this note on when it is set.
 */
export const MODERATION_NOTE = "New comments appear once a moderator approves them.";

export type CommentsWidgetProps = {
  /** The FastComments thread (urlId): `news-{id}` for an article, a fixed id for the forum. */
  threadId: string;
  /** The page's path, e.g. `/news/5` or `/forum`. */
  path: string;
  /** The page title the widget shows in notifications. */
  title: string;
};

/**
 * The FastComments widget with the site's single sign-on, shared by article comments and the
 * forum: a placeholder on local hosts (development), 'Oh no! The comments section could not be
 * loaded.' when the script fails, and without sign-on when the SSO answer fails. Callers hide
 * it while comments are off (useSiteSettings().enableComments).
 */
export function CommentsWidget(props: CommentsWidgetProps) {
  const local = useLocalSite();
  if (local) {
    return (
      <div data-testid="comments-placeholder" className="rounded-xl border border-dashed border-line p-6 text-center text-ink-muted">
        <p className="font-medium text-ink">Comments are disabled in development.</p>
        <p className="mt-1 text-sm">
          The live comment widget loads on the deployed site (thread <code>{props.threadId}</code>).
        </p>
      </div>
    );
  }
  return <LiveComments key={props.threadId} {...props} />;
}

/**
 * True once the element is within a screen or so of the viewport (at once where the browser has
 * no IntersectionObserver). The widget waits for it: a reader who never scrolls to the comments
 * loads neither the widget's script nor its sign-on.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/** Height the frame keeps before the widget reports its own, so the page does not jump. */
const FRAME_MIN_HEIGHT = 320;

function LiveComments({ threadId, path, title }: CommentsWidgetProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<WidgetLoadState>("Started");
  const [height, setHeight] = useState(FRAME_MIN_HEIGHT);
  // Which frame said ready: a new sign-on (another user signs in or out) loads a fresh frame.
  const [readyFrame, setReadyFrame] = useState<string | null>(null);
  const near = useNearViewport(wrapper);
  // A guest's settings are in the page (no API call); a signed-in user's sign-on is asked for
  // once the widget comes near the screen.
  const { status } = useSession();
  const guest = useMemo(() => (status === "authenticated" ? null : guestWidgetSso()), [status]);
  const sso = useFastCommentsSso(near && !guest);
  const ssoData = guest ?? sso.data;
  const ssoError = sso.error as unknown;
  const ssoSettled = near && (ssoData !== undefined || ssoError !== undefined);
  const mustVerify = !!(ssoData as { emailVerificationRequired?: boolean } | undefined)?.emailVerificationRequired;
  const frameKey = `${status}:${(ssoData as FastCommentsSso | undefined)?.userDataJSONBase64 ?? ""}`;

  // Messages count only when they come from this component's own frame (its window; the
  // sandboxed document's origin is opaque, "null").
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source || event.origin !== "null") return;
      const message = event.data as CommentsFrameMessage | null;
      if (!message || typeof message !== "object") return;
      if (message.type === FRAME_MESSAGE.ready) setReadyFrame(frameKey);
      else if (message.type === FRAME_MESSAGE.height && Number.isFinite(message.height)) {
        setHeight(Math.max(FRAME_MIN_HEIGHT, Math.min(Math.ceil(message.height), 100_000)));
      } else if (message.type === FRAME_MESSAGE.state && ["ScriptLoaded", "Done", "Error"].includes(message.state)) {
        if (message.state === "Error") console.error("The FastComments widget could not be loaded.");
        setState(message.state);
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frameKey]);

  // The frame gets its settings once it is ready and the SSO answer (or its failure) is in.
  useEffect(() => {
    if (!ssoSettled || readyFrame !== frameKey) return;
    const target = frame.current?.contentWindow;
    if (!target) return;
    let config: CommentsFrameInit["config"] = {
      tenantId: DEMO_TENANT_ID,
      urlId: threadId,
      url: `${location.origin}${path}`,
      pageTitle: title,
      hasDarkBackground: document.documentElement.classList.contains("dark"),
    };
    if (ssoData) {
      const { tenantId, region, ...rest } = ssoData;
      const { emailVerificationRequired: _verify, ...payload } = rest as typeof rest & { emailVerificationRequired?: boolean };
      const { userDataJSONBase64, verificationHash, timestamp, loginURL, logoutURL } = payload as FastCommentsSso;
      config = {
        ...config,
        tenantId: tenantId || DEMO_TENANT_ID,
        ...(region === "eu" ? { region } : {}),
        sso: { userDataJSONBase64, verificationHash, timestamp, loginURL, logoutURL },
      };
    } else {
      // Logged; the widget runs without single sign-on.
      console.error("FastComments SSO token could not be loaded; comments run without SSO.", ssoError);
    }
    // The sandboxed frame's origin is opaque, so no narrower target origin exists; the message
    // holds only what FastComments gets anyway.
    const message: CommentsFrameInit = { type: FRAME_MESSAGE.init, config };
    target.postMessage(message, "*");
  }, [threadId, path, title, ssoSettled, ssoData, ssoError, readyFrame, frameKey]);

  return (
    <div ref={wrapper} data-state={state}>
      {mustVerify ? (
        <Alert tone="warning" className="mb-3">
          Confirm your e-mail address to comment with your account: open the link we sent you, or{" "}
          <Link to={paths.verifyEmail()} className="font-semibold underline underline-offset-4">
            ask for a new one
          </Link>
          .
        </Alert>
      ) : null}
      {state === "Error" ? (
        <Alert>Oh no! The comments section could not be loaded.</Alert>
      ) : state !== "Done" ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading comments...
        </p>
      ) : null}
      {ssoSettled ? (
        <iframe
          key={frameKey}
          ref={frame}
          src={COMMENTS_FRAME_PATH}
          sandbox={COMMENTS_FRAME_SANDBOX}
          title="Comments"
          data-testid="comments-frame"
          className={state === "Error" ? "hidden" : "block w-full border-0"}
          style={{ height }}
        />
      ) : (
        <div style={{ minHeight: FRAME_MIN_HEIGHT }} />
      )}
    </div>
  );
}
