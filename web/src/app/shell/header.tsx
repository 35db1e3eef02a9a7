import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { MenuIcon, SearchIcon } from "@/components/ui/icons";
import { SiteSearchForm } from "@/components/site-search-form";
import { UserAvatar, userDisplayName } from "@/components/user-avatar";
import { useHydrated } from "@/lib/hydrated";
import { useSiteSettings } from "@/lib/site-settings";
import { useSession } from "@/lib/session";
import { Logo } from "./logo";
import { adminLinks, PUBLIC_LINKS } from "./nav-links";
import { ShellNavLink } from "./shell-nav-link";
import { ThemeToggle } from "./theme-toggle";
import { useShellSearch } from "./use-shell-search";
import { useSignOut } from "./use-sign-out";
import { paths } from "@shared/paths";

// The Admin and account menus exist only for signed-in visitors: their code is not in the shell.
const DropdownMenu = lazy(() => import("@/components/ui/dropdown-menu").then((m) => ({ default: m.DropdownMenu })));

/** What a menu's trigger looks like while the menu's code loads (same box, nothing to press yet). */
function TriggerPlaceholder({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className={className} aria-hidden="true">
      {children}
      <span className="h-4 w-4" />
    </span>
  );
}

const navLinkClass = (isActive: boolean) =>
  `rounded-lg px-2 py-2 text-sm font-semibold transition-colors xl:px-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    isActive ? "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-300" : "text-ink-muted hover:bg-surface-muted hover:text-ink"
  }`;

const iconLinkClass =
  "inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

const menuTriggerClass =
  "inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-expanded:bg-surface-muted";

/**
 * The persistent header: logo, public links, Admin menu, search box, account menu, theme toggle,
 * mobile-menu toggle. The build prerenders it as a guest sees it; until hydration it renders exactly that
 * (no active link, Sign In/Sign Up, hidden by the inline script's <html data-session> when a
 * session is stored). The account area has a fixed width so nothing moves when it fills in.
 */
export function Header({
  menuOpen,
  onOpenMenu,
  onPrepareMenu,
  menuButtonRef,
}: {
  menuOpen: boolean;
  onOpenMenu(): void;
  /** The pointer or focus is on the menu toggle: a good moment to fetch the menu's code. */
  onPrepareMenu?(): void;
  menuButtonRef: React.Ref<HTMLButtonElement>;
}) {
  const session = useSession();
  const hydrated = useHydrated();
  const { user, isModerator, isAdmin } = session;
  const status = hydrated ? session.status : "unauthenticated";
  const signOut = useSignOut();
  const admin = hydrated ? adminLinks(isModerator, isAdmin) : [];
  const { enableRegistration } = useSiteSettings();
  const search = useShellSearch();

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:gap-3 lg:px-8 xl:gap-4">
        <Logo />
        {/* Tighter links below xl: from 1024 px the bar holds the logo, the links and an admin's menus. */}
        <nav aria-label="Main" className="hidden lg:block xl:ml-4">
          <ul className="flex items-center gap-0.5 xl:gap-1">
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <ShellNavLink to={link.to} section={link.section} className={navLinkClass}>
                  {link.label}
                </ShellNavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden items-center gap-1 lg:flex">
          {admin.length > 0 ? (
            <Suspense fallback={<TriggerPlaceholder className={menuTriggerClass}>Admin</TriggerPlaceholder>}>
              <DropdownMenu trigger="Admin" triggerClassName={menuTriggerClass} items={admin} />
            </Suspense>
          ) : null}
          {/* Below xl the bar has no room for the box: a link to the search page, which has its own. */}
          <Link to={paths.search()} aria-label="Search" className={`${iconLinkClass} xl:hidden`}>
            <SearchIcon />
          </Link>
          <SiteSearchForm id="header-search" label="Site" query={search.query} onSearch={search.onSearch} shortcut className="mx-1 hidden w-44 xl:block" />
          <ThemeToggle />
          <div className="ml-1 flex w-48 items-center justify-end">
            {status === "authenticated" && user ? (
              <Suspense
                fallback={
                  <TriggerPlaceholder className={`${menuTriggerClass} pl-1.5`}>
                    <UserAvatar user={user} />
                    <span className="max-w-28 truncate">{userDisplayName(user)}</span>
                  </TriggerPlaceholder>
                }
              >
                <DropdownMenu
                  triggerClassName={`${menuTriggerClass} pl-1.5`}
                  trigger={
                    // Named by its text, "Account: <name>", so the name a reader sees is the name
                    // voice control answers to (WCAG 2.5.3, label in name); the avatar is decorative.
                    <>
                      <UserAvatar user={user} />
                      <span className="sr-only">Account: </span>
                      <span className="max-w-28 truncate">{userDisplayName(user)}</span>
                    </>
                  }
                  header={
                    <>
                      <p className="truncate text-sm font-semibold text-ink">{userDisplayName(user)}</p>
                      <p className="truncate text-xs text-ink-muted">{user.email}</p>
                    </>
                  }
                  items={[
                    { label: "Profile", to: paths.profile() },
                    { kind: "action", label: "Sign Out", onSelect: () => void signOut() },
                  ]}
                />
              </Suspense>
            ) : status === "unauthenticated" ? (
              <div className={`flex items-center gap-2 ${hydrated ? "" : "[html[data-session]_&]:invisible"}`}>
                <Link to={paths.login()} className={buttonClass({ variant: "ghost" })}>
                  Sign In
                </Link>
                {enableRegistration ? (
                  <Link to={paths.register()} className={buttonClass()}>
                    Sign Up
                  </Link>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>

        <IconButton
          ref={menuButtonRef}
          onClick={onOpenMenu}
          onPointerEnter={onPrepareMenu}
          onFocus={onPrepareMenu}
          label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          className="ml-auto lg:hidden"
        >
          <MenuIcon />
        </IconButton>
      </div>
    </header>
  );
}
