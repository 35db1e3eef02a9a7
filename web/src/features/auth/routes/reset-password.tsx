import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { LoadingState } from "@/components/ui/spinner";
import { StateMessage } from "@/components/ui/state-message";
import { ApiRequestError, serverReason } from "@/lib/api-client";
import { PageHead } from "@/lib/page-head";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { useResetLinkCheck } from "@/features/auth/api/reset-password";
import { noindexMeta } from "@shared/seo";
import { tokenSearch } from "@/features/auth/token-search";
import { paths } from "@shared/paths";

/** The link's token (ADR 0047). */
export const canonicalSearch = tokenSearch;

export const PASSWORD_RESET_DONE = "Your password was changed.";

/** Why a link does not work, by the API's code; each has its own page. */
const LINK_STATES = {
  expired: { title: "This Link Has Expired", text: "Reset links work for one hour." },
  used: { title: "This Link Was Already Used", text: "A reset link works once, and asking for another one ends the earlier links." },
  invalid: { title: "This Link Is Not Valid", text: "The link may be incomplete: open it again from the e-mail, or ask for a new one." },
} as const;

function linkState(error: ApiRequestError): keyof typeof LINK_STATES | null {
  if (error.code === "link_expired") return "expired";
  if (error.code === "link_used") return "used";
  if (error.code === "not_found" || error.code === "validation_failed") return "invalid";
  return null;
}

function LinkFailed({ state, message }: { state: keyof typeof LINK_STATES; message?: string }) {
  return (
    <div className="space-y-4">
      <StateMessage tone="error" title={LINK_STATES[state].title}>
        <p>{message ?? LINK_STATES[state].text}</p>
      </StateMessage>
      <Link to={paths.forgotPassword()} className={buttonClass({ className: "w-full" })}>
        Ask for a New Link
      </Link>
    </div>
  );
}

/**
 * /reset-password?token=…: the link from the reset mail. The page first asks whether the link still
 * works (nothing is spent) and shows why not when it does not; otherwise the new password form.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const check = useResetLinkCheck(token);
  const [done, setDone] = useState(false);
  const [failedLater, setFailedLater] = useState<ApiRequestError | null>(null);

  const error = failedLater ?? (check.error instanceof ApiRequestError ? check.error : null);
  const failedState = !token ? "invalid" : error ? linkState(error) : null;

  let body;
  let heading = { title: "Choose a New Password", subtitle: "At least 8 characters, with an uppercase and a lowercase letter, a number and a special character." };
  if (done) {
    heading = { title: "Password Changed", subtitle: "Your account has its new password." };
    body = (
      <div className="space-y-4">
        <Alert tone="success" title={PASSWORD_RESET_DONE}>
          <p>Every device that was signed in to your account was signed out. Sign in with your new password.</p>
        </Alert>
        <Link to={paths.login()} className={buttonClass({ className: "w-full" })}>
          Sign In
        </Link>
      </div>
    );
  } else if (failedState) {
    heading = { title: "Reset Password", subtitle: "Reset links come by e-mail and work once, for one hour." };
    body = <LinkFailed state={failedState} message={serverReason(error, "") || undefined} />;
  } else if (error) {
    body = (
      <div className="space-y-4">
        <StateMessage tone="error" title="Failed to check your link">
          <p>{serverReason(error, "Failed to connect to server")}</p>
        </StateMessage>
        <Button variant="secondary" className="w-full" onClick={() => void check.mutate()}>
          Try Again
        </Button>
      </div>
    );
  } else if (!check.data) {
    body = <LoadingState text="Checking your link..." />;
  } else {
    body = (
      <>
        <p className="mb-4 text-sm text-ink">
          For <strong className="break-all">{check.data.email}</strong>. Every device signed in to the account will be signed out.
        </p>
        <ResetPasswordForm token={token} onChanged={() => setDone(true)} onLinkFailed={setFailedLater} />
      </>
    );
  }

  return (
    <>
      <PageHead meta={noindexMeta("Reset Password", "Choose a new password for your Realm Codex account.")} />
      <AuthCard
        title={heading.title}
        subtitle={heading.subtitle}
        footer={
          <Link to={paths.login()} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
            Back to Sign In
          </Link>
        }
      >
        {body}
      </AuthCard>
    </>
  );
}
