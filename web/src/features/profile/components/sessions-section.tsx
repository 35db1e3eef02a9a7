import { useId, useState } from "react";
import type { SessionInfo } from "@schemas/account";
import { formatLongDateTime } from "@/lib/format-date";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { serverReason } from "@/lib/api-client";
import { useToast } from "@/lib/toast";
import { useSessions } from "@/features/profile/api/get-sessions";
import { signOutOtherSessionsRequest, signOutSessionRequest } from "@/features/profile/api/sign-out-sessions";

export const SESSIONS_LOAD_FAILED = "Failed to load your signed-in devices";

const reason = (err: unknown) => serverReason(err, "Failed to connect to server");
const isPhone = (os: string) => /^(iOS|Android|Windows Phone)/.test(os);

function DeviceIcon({ phone }: { phone: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0 text-ink-muted" fill="none" stroke="currentColor" strokeWidth="1.7" aria-hidden="true">
      {phone ? (
        <>
          <rect x="7" y="2.5" width="10" height="19" rx="2" />
          <path d="M11 18.5h2" strokeLinecap="round" />
        </>
      ) : (
        <>
          <rect x="3" y="4" width="18" height="12" rx="1.5" />
          <path d="M2 20h20" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: SessionInfo; busy: boolean; onSignOut(): void }) {
  const name = `${session.browser} on ${session.os}`;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" aria-busy={busy}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <DeviceIcon phone={isPhone(session.os)} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            <span>{name}</span>
            {session.current ? <Badge tone="brand">This device</Badge> : null}
          </p>
          <p className="text-xs text-ink-muted">
            Signed in {formatLongDateTime(session.createdAt)} · {session.current ? "In use now" : `Last used ${formatLongDateTime(session.lastSeenAt)}`}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button size="sm" variant="secondary" onClick={onSignOut} disabled={busy} aria-label={`Sign out ${name}`} className="self-start sm:self-auto">
          {busy ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}

/** The member's active sessions: sign out one device, or every device but this one. */
export function SessionsSection() {
  const headingId = useId();
  const toast = useToast();
  const { data, error, isLoading, mutate } = useSessions();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [signingOutOthers, setSigningOutOthers] = useState(false);

  const others = data?.items.filter((s) => !s.current).length ?? 0;

  async function signOut(session: SessionInfo) {
    setBusyId(session.id);
    try {
      await signOutSessionRequest(session.id);
      toast.success(`Signed out ${session.browser} on ${session.os}.`);
    } catch (err) {
      toast.error(`Failed to sign out that device: ${reason(err)}`);
    } finally {
      setBusyId(null);
    }
  }

  async function signOutOthers() {
    setSigningOutOthers(true);
    try {
      const count = await signOutOtherSessionsRequest();
      toast.success(count === 1 ? "Signed out 1 other device." : `Signed out ${count} other devices.`);
      setConfirming(false);
    } catch (err) {
      toast.error(`Failed to sign out the other devices: ${reason(err)}`);
    } finally {
      setSigningOutOthers(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={headingId} className="font-display text-xl font-bold text-ink">
            Signed-in Devices
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Where your account is signed in. Sign out a device you don&apos;t recognise, then change your password.</p>
        </div>
        {others > 0 ? (
          <Button variant="secondary" size="sm" className="shrink-0 self-start" onClick={() => setConfirming(true)}>
            Sign out all other devices
          </Button>
        ) : null}
      </div>

      {error && !data ? (
        <LoadErrorAlert className="mt-4" title={SESSIONS_LOAD_FAILED} message={reason(error)} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingRegion label="Loading your devices..." className="mt-4 space-y-4">
          {[0, 1].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="h-6 w-6" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-2/3" />
              </div>
            </div>
          ))}
        </LoadingRegion>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-line">
            {data.items.map((session) => (
              <SessionRow key={session.id} session={session} busy={busyId === session.id} onSignOut={() => void signOut(session)} />
            ))}
          </ul>
          {others === 0 ? <p className="mt-2 text-sm text-ink-muted">No other device is signed in.</p> : null}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title="Sign out all other devices?"
        message={`Every other device signed in to your account (${others}) will be signed out at once. This one stays signed in.`}
        confirmLabel="Sign Out Others"
        pendingLabel="Signing out..."
        tone="primary"
        pending={signingOutOthers}
        onConfirm={() => void signOutOthers()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
