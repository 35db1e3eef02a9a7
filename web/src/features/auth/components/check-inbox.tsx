import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { paths } from "@shared/paths";

export const CHECK_INBOX_TITLE = "Check your inbox";

/**
 * After sign-up: a message is on its way to `email`. The page cannot say which one (sign-up tells
 * nobody whether an address already has an account): a link that confirms a new address, or a
 * note to the owner of an existing account. Either way the next step is signing in.
 */
export function CheckInbox({ email, signInState }: { email: string; signInState: unknown }) {
  return (
    <div className="space-y-4 text-sm text-ink">
      <div role="status" className="flex items-start gap-3">
        <svg viewBox="0 0 24 24" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700 dark:text-brand-400" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3.5 6.5 8.5 6 8.5-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <div>
          <h2 className="text-lg font-semibold">{CHECK_INBOX_TITLE}</h2>
          <p className="mt-1">
            We sent a message to <strong className="break-all">{email}</strong>. Open its link to confirm your address: confirmed members can comment on
            news and in the forum.
          </p>
        </div>
      </div>
      <p className="text-ink-muted">
        The link works once, for 24 hours. If this address already had an account, the message tells you how to sign in or choose a new password
        instead. Nothing there? Look in your spam folder.
      </p>
      <Link to={paths.login()} state={signInState} replace className={buttonClass({ className: "w-full" })}>
        Sign In
      </Link>
    </div>
  );
}
