import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";

export const CHECK_INBOX_TITLE = "Check your inbox";

/** After sign-up: the verification mail is on its way to `email`. */
export function CheckInbox({ email, continueTo }: { email: string; continueTo: string }) {
  return (
    <div role="status" className="space-y-4 text-sm text-ink">
      <div className="flex items-start gap-3">
        <svg viewBox="0 0 24 24" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700 dark:text-brand-400" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3.5 6.5 8.5 6 8.5-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <div>
          <h2 className="text-lg font-semibold">{CHECK_INBOX_TITLE}</h2>
          <p className="mt-1">
            We sent a link to <strong className="break-all">{email}</strong>. Open it to confirm your address: confirmed members can comment on
            news and in the forum.
          </p>
        </div>
      </div>
      <p className="text-ink-muted">The link works once, for 24 hours. Nothing there? Look in your spam folder, or send it again from your profile.</p>
      <Link to={continueTo} replace className={buttonClass({ className: "w-full" })}>
        Continue
      </Link>
    </div>
  );
}
