import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { serverReason } from "@/lib/api-client";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { tokenSearch } from "@/features/auth/token-search";
import { useSession } from "@/lib/session";
import { AuthCard } from "@/features/auth/components/auth-card";
import { resendVerificationRequest, verifyEmailRequest } from "@/features/auth/api/verify-email";
import { paths } from "@shared/paths";

/** The link's token (ADR 0047). */
export const canonicalSearch = tokenSearch;

export const CONFIRMED_TEXT = "Your e-mail address is confirmed.";
export const RESENT_TEXT = "We sent you a new link. It works once, for 24 hours.";

/**
 * /verify-email?token=…: the link from the verification mail. The token is used only when the
 * visitor presses the button (mail scanners that open links must not spend it). Without a token,
 * or after a failure, a signed-in member with an unconfirmed address can ask for a new link.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { status, user, setUser } = useSession();
  const [state, setState] = useState<"idle" | "busy" | "confirmed" | "failed">("idle");
  const [error, setError] = useState<string | null>(null);
  const [resend, setResend] = useState<"idle" | "busy" | "sent" | "failed">("idle");
  const [resendError, setResendError] = useState<string | null>(null);

  async function confirm() {
    setState("busy");
    setError(null);
    try {
      await verifyEmailRequest(token);
      setState("confirmed");
      if (user) setUser({ ...user, emailConfirmed: true });
    } catch (err) {
      setError(serverReason(err, "Failed to connect to server"));
      setState("failed");
    }
  }

  async function sendAgain() {
    setResend("busy");
    setResendError(null);
    try {
      await resendVerificationRequest();
      setResend("sent");
    } catch (err) {
      setResendError(serverReason(err, "Failed to connect to server"));
      setResend("failed");
    }
  }

  const canResend = status === "authenticated" && user && !user.emailConfirmed && state !== "confirmed";

  return (
    <>
      <PageHead meta={noindexMeta("Confirm Your E-mail", "Confirm the e-mail address of your account.")} />
      <AuthCard
        title="Confirm Your E-mail"
        subtitle="Confirmed members can comment on news and in the forum."
        footer={
          <Link to={paths.home()} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
            Back to the home page
          </Link>
        }
      >
        {state === "confirmed" ? (
          <Alert tone="success" title={CONFIRMED_TEXT}>
            <p>You can now comment with your account.</p>
          </Alert>
        ) : token ? (
          <div className="space-y-4">
            {error ? <Alert title="This link did not work">{error}</Alert> : <p className="text-sm text-ink">Press the button to confirm your e-mail address.</p>}
            {state !== "failed" ? (
              <Button className="w-full" onClick={() => void confirm()} disabled={state === "busy"}>
                {state === "busy" ? "Confirming..." : "Confirm E-mail Address"}
              </Button>
            ) : null}
          </div>
        ) : user?.emailConfirmed ? (
          <Alert tone="success" title="Your e-mail address is already confirmed." />
        ) : (
          <p className="text-sm text-ink">
            Open the link in the e-mail we sent when you signed up.{" "}
            {status !== "authenticated" ? (
              <>
                To get a new one,{" "}
                <Link to={paths.login()} state={{ from: paths.verifyEmail() }} className={buttonClass({ variant: "link" })}>
                  sign in
                </Link>{" "}
                first.
              </>
            ) : null}
          </p>
        )}
        {canResend ? (
          <div className="mt-6 space-y-3 border-t border-line pt-4">
            {resend === "sent" ? (
              <Alert tone="success">{RESENT_TEXT}</Alert>
            ) : resendError ? (
              <Alert>{resendError}</Alert>
            ) : null}
            <Button variant="secondary" className="w-full" onClick={() => void sendAgain()} disabled={resend === "busy"}>
              {resend === "busy" ? "Sending..." : `Send a new link to ${user.email}`}
            </Button>
          </div>
        ) : null}
      </AuthCard>
    </>
  );
}
