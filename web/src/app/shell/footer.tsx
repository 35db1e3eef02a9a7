import { Link } from "react-router";
import { FOOTER_OFFSCREEN } from "@/lib/offscreen";
import { useSiteSettings } from "@/lib/site-settings";
import { PUBLIC_LINKS } from "./nav-links";

/** The site's name (from the settings), the fan-site status and trademark ownership; year 2025. */
export function Footer() {
  const { siteName } = useSiteSettings();
  return (
    <footer className={`mt-auto border-t border-line bg-surface ${FOOTER_OFFSCREEN}`}>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-xl">
          <p className="font-display text-lg font-bold break-words text-ink">{siteName}</p>
          <p className="mt-2 text-sm text-ink-muted">
            {/* One text node: no React separator comments in the server's HTML. */}
            {`© 2025 ${siteName}. An unofficial fan site, not affiliated with or endorsed by the game's developers or publishers. All trademarks and game content belong to their respective owners.`}
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-ink-muted underline-offset-4 hover:text-ink hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
