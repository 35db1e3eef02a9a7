import { useState } from "react";
import type { User } from "@schemas/user";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ApiRequestError, serverReason } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { resendVerificationRequest } from "@/features/profile/api/resend-verification";

export const VERIFICATION_SENT = "We sent you a new link. It works once, for 24 hours.";

/** The address with Verified / Not verified, and "Send again" for a new link while not verified. */
export function EmailStatus({ user }: { user: User }) {
  const { setUser } = useSession();
  const [state, setState] = useState<"idle" | "busy" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);

  async function sendAgain() {
    setState("busy");
    setError(null);
    try {
      await resendVerificationRequest();
      setState("sent");
    } catch (err) {
      // Confirmed meanwhile (another tab, another device): show it.
      if (err instanceof ApiRequestError && err.code === "conflict") setUser({ ...user, emailConfirmed: true });
      else setError(serverReason(err, "Failed to connect to server"));
      setState("idle");
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-all">{user.email}</span>
        {user.emailConfirmed ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
      </div>
      {user.emailConfirmed ? null : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="text-ink-muted">Open the link we e-mailed you to confirm it: confirmed members can comment.</p>
          <Button size="sm" variant="secondary" onClick={() => void sendAgain()} disabled={state !== "idle"}>
            {state === "busy" ? "Sending..." : "Send again"}
          </Button>
        </div>
      )}
      {state === "sent" ? (
        <Alert tone="success">{VERIFICATION_SENT}</Alert>
      ) : null}
      {error ? (
        <Alert>{error}</Alert>
      ) : null}
    </div>
  );
}
