import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ApiRequestError, serverReason } from "@/lib/api-client";
import { PageHead } from "@/lib/page-head";
import { AuthCard } from "@/features/auth/components/auth-card";
import { unlockRequest } from "@/features/auth/api/unlock";
import { noindexMeta } from "@shared/seo";
import { tokenSearch } from "@/features/auth/token-search";
import { paths } from "@shared/paths";

/** The link's token (ADR 0047). */
export const canonicalSearch = tokenSearch;

export const UNLOCKED_TEXT = "Sign-in is unlocked.";
const INCOMPLETE = "This unlock link is incomplete. Open it again from the e-mail.";

const signInLink = (
  <Link to={paths.login()} className={buttonClass({ className: "w-full" })}>
    Sign In
  </Link>
);

/**
 * /unlock?token=…: the link from the lock mail. The lock is lifted only when the member presses
 * the button (mail scanners that open links must not spend it).
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<"idle" | "busy" | "unlocked" | "failed">("idle");
  const [error, setError] = useState<ApiRequestError | null>(null);

  async function unlock() {
    setState("busy");
    try {
      await unlockRequest(token);
      setState("unlocked");
    } catch (err) {
      setError(err instanceof ApiRequestError ? err : null);
      setState("failed");
    }
  }

  let body;
  if (state === "unlocked") {
    body = (
      <div className="space-y-4">
        <Alert tone="success" title={UNLOCKED_TEXT}>
          <p>You can sign in again from that network now.</p>
        </Alert>
        {signInLink}
      </div>
    );
  } else if (!token || state === "failed") {
    const over = error?.code === "link_expired";
    body = (
      <div className="space-y-4">
        <Alert tone={over ? "info" : "error"} title={over ? "Nothing to unlock" : "This link did not work"}>
          <p>{!token ? INCOMPLETE : serverReason(error, "Failed to connect to server")}</p>
        </Alert>
        {over ? signInLink : null}
        {error?.status === 0 ? (
          <Button variant="secondary" className="w-full" onClick={() => void unlock()}>
            Try Again
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <div className="space-y-4 text-sm text-ink">
        <p>
          There were 5 wrong passwords for your account from one network, so signing in from there is paused for 15 minutes. Signing in from
          anywhere else works as usual.
        </p>
        <p>If it was you, lift the pause now. If it was not, leave it: nobody got in, and it ends by itself.</p>
        <Button className="w-full" onClick={() => void unlock()} disabled={state === "busy"}>
          {state === "busy" ? "Unlocking..." : "Unlock Sign-In"}
        </Button>
      </div>
    );
  }

  return (
    <>
      <PageHead meta={noindexMeta("Unlock Sign-In", "Lift a sign-in lock on your Realm Codex account.")} />
      <AuthCard
        title="Unlock Sign-In"
        subtitle="For the network where the wrong passwords were typed."
        footer={
          <Link to={paths.forgotPassword()} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
            Forgot your password?
          </Link>
        }
      >
        {body}
      </AuthCard>
    </>
  );
}
