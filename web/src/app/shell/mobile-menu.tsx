import { Link } from "react-router";
import { SiteSearchForm } from "@/components/site-search-form";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { UserAvatar, userDisplayName } from "@/components/user-avatar";
import { useHydrated } from "@/lib/hydrated";
import { useSiteSettings } from "@/lib/site-settings";
import { useSession } from "@/lib/session";
import { useTheme } from "@/lib/theme";
import { adminLinks, PUBLIC_LINKS } from "./nav-links";
import { ShellNavLink } from "./shell-nav-link";
import { ThemeIcon } from "./theme-toggle";
import { useShellSearch } from "./use-shell-search";
import { useSignOut } from "./use-sign-out";
import { paths } from "@shared/paths";

const linkClass = (isActive: boolean) =>
  `block rounded-lg px-3 py-2 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    isActive ? "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-300" : "text-ink hover:bg-surface-muted"
  }`;

type MobileMenuProps = { open: boolean; onClose(): void };

/**
 * The slide-out menu below the `lg` breakpoint: the side dialog from the right (w-80, at most
 * 80vw) with a search box, the public links, the Admin section, a theme toggle and an account footer. The
 * Dialog traps focus, closes on Escape, the close button and the backdrop, and gives focus back.
 */
export function MobileMenu({ open, onClose }: MobileMenuProps) {
  const session = useSession();
  const hydrated = useHydrated();
  // Until hydration: what the prerendered shell shows (a guest; the theme decided by CSS).
  const { user, isModerator, isAdmin } = session;
  const status = hydrated ? session.status : "unauthenticated";
  const { theme, toggleTheme } = useTheme();
  const signOut = useSignOut();
  const admin = hydrated ? adminLinks(isModerator, isAdmin) : [];
  const { enableRegistration } = useSiteSettings();
  const search = useShellSearch(onClose);

  const account =
    status === "authenticated" && user ? (
      <>
        <div className="flex items-center gap-3">
          <UserAvatar user={user} size="md" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-ink">{userDisplayName(user)}</p>
            <p className="truncate text-sm text-ink-muted">{user.email}</p>
          </div>
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Link to={paths.profile()} onClick={onClose} className={buttonClass({ variant: "secondary" })}>
            Profile
          </Link>
          <button
            type="button"
            className={buttonClass({ variant: "secondary" })}
            onClick={() => {
              onClose();
              void signOut();
            }}
          >
            Sign Out
          </button>
        </div>
      </>
    ) : (
      <div className={`grid gap-2 ${enableRegistration ? "grid-cols-2" : "grid-cols-1"}`}>
        <Link to={paths.login()} onClick={onClose} className={buttonClass({ variant: "secondary" })}>
          Sign In
        </Link>
        {enableRegistration ? (
          <Link to={paths.register()} onClick={onClose} className={buttonClass()}>
            Sign Up
          </Link>
        ) : null}
      </div>
    );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      placement="side"
      id="mobile-menu"
      title="Menu"
      closeLabel="Close menu"
      keepMounted
      className="lg:hidden"
      bodyClassName="px-3 py-4"
      footerClassName="bg-surface-muted/60 p-4"
      footer={account}
    >
      <SiteSearchForm id="menu-search" label="Site" query={search.query} onSearch={search.onSearch} size="large" className="mb-4" />
      <nav aria-label="Mobile">
        <ul className="space-y-1">
          {PUBLIC_LINKS.map((link) => (
            <li key={link.to}>
              <ShellNavLink to={link.to} section={link.section} className={linkClass} onClick={onClose}>
                {link.label}
              </ShellNavLink>
            </li>
          ))}
        </ul>
        {admin.length > 0 ? (
          <section aria-labelledby="mobile-admin-title" className="mt-4 border-t border-line pt-3">
            <h3 id="mobile-admin-title" className="px-3 pb-1 text-xs font-bold tracking-widest text-ink-muted uppercase">
              Admin
            </h3>
            <ul className="space-y-1">
              {admin.map((link) => (
                <li key={link.to}>
                  <ShellNavLink to={link.to} section={link.section} className={linkClass} onClick={onClose}>
                    {link.label}
                  </ShellNavLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </nav>
      <div className="mt-4 border-t border-line pt-3">
        <button
          type="button"
          onClick={toggleTheme}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-base font-semibold text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ThemeIcon />
          {!hydrated ? (
            <>
              <span className="hidden dark:inline">Light mode</span>
              <span className="dark:hidden">Dark mode</span>
            </>
          ) : theme === "dark" ? (
            "Light mode"
          ) : (
            "Dark mode"
          )}
        </button>
      </div>
    </Dialog>
  );
}
