import { Link } from "react-router";
import { useSiteSettings } from "@/lib/site-settings";
import { paths } from "@shared/paths";

/** The name's last word in the brand colour ("Realm Codex" → "Realm " + "Codex"); a one-word name is all ink. */
export function splitSiteName(name: string): [string, string] {
  const trimmed = name.trim();
  const space = trimmed.lastIndexOf(" ");
  return space === -1 ? [trimmed, ""] : [trimmed.slice(0, space + 1), trimmed.slice(space + 1)];
}

/**
 * The site mark: a shield crest with a flame, and the site's name from the settings (the Worker
 * renders the page with the real settings, so the name is the same when the browser hydrates).
 */
export function Logo({ onClick }: { onClick?: () => void }) {
  const { siteName } = useSiteSettings();
  const [lead, accent] = splitSiteName(siteName);
  return (
    <Link to={paths.home()} onClick={onClick} className="group flex min-w-0 shrink items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600" aria-label={`${siteName} home`}>
      <svg viewBox="0 0 32 32" className="h-9 w-9 shrink-0" aria-hidden="true">
        <path d="M16 2l11 4v9c0 7.2-4.7 12.6-11 15-6.3-2.4-11-7.8-11-15V6z" className="fill-brand-600" />
        <path d="M16 5.2l8.2 3v6.8c0 5.5-3.4 9.7-8.2 11.8-4.8-2.1-8.2-6.3-8.2-11.8V8.2z" className="fill-brand-700" />
        <path d="M16 9c2.6 3 4.2 5.3 4.2 7.7A4.2 4.2 0 0 1 16 21a4.2 4.2 0 0 1-4.2-4.3c0-1.3.6-2.6 1.6-3.7.2 1.4.9 2.3 1.9 2.5C15 13 15.4 11 16 9z" fill="#fff7ed" />
      </svg>
      <span className="truncate font-display text-xl font-bold tracking-wide text-ink">
        {lead}
        {accent ? <span className="text-brand-700 dark:text-brand-400">{accent}</span> : null}
      </span>
    </Link>
  );
}
