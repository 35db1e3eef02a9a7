import { useEffect, useRef, type KeyboardEvent } from "react";
import { Link, NavLink } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { CloseIcon } from "@/components/ui/icons";
import { UserAvatar, userDisplayName } from "@/components/user-avatar";
import { useSession } from "@/lib/session";
import { useSiteSettings } from "@/lib/site-settings";
import { useTheme } from "@/lib/theme";
import { adminLinks, PUBLIC_LINKS } from "./nav-links";
import { MoonIcon, SunIcon } from "./theme-toggle";
import { useSignOut } from "./use-sign-out";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    isActive ? "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-300" : "text-ink hover:bg-surface-muted"
  }`;

type MobileMenuProps = {
  open: boolean;
  /** `restoreFocus` is false when the menu closes because the visitor navigated. */
  onClose(restoreFocus: boolean): void;
};

/**
 * The slide-out menu below the `lg` breakpoint (spec §2): a modal dialog from the right,
 * w-80 max 80vw, with the public links, the Admin section, a theme toggle and an account footer.
 * Focus moves in on open and is trapped; Escape, the close button and the backdrop close it.
 */
export function MobileMenu({ open, onClose }: MobileMenuProps) {
  const { status, user, isModerator, isAdmin } = useSession();
  const { theme, toggleTheme } = useTheme();
  const signOut = useSignOut();
  const { enableRegistration } = useSiteSettings();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const admin = adminLinks(isModerator, isAdmin);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose(true);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [open, onClose]);

  const trapFocus = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const focusable = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const navigated = () => onClose(false);

  return (
    <div
      className={`fixed inset-0 z-50 lg:hidden ${open ? "visible" : "invisible transition-[visibility] delay-300 motion-reduce:delay-0"}`}
      inert={!open}
      aria-hidden={!open}
    >
      <div
        className={`absolute inset-0 bg-stone-950/60 transition-opacity duration-300 motion-reduce:transition-none ${open ? "opacity-100" : "opacity-0"}`}
        onClick={() => onClose(true)}
        data-testid="mobile-menu-backdrop"
      />
      <div
        ref={panelRef}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-labelledby="mobile-menu-title"
        onKeyDown={trapFocus}
        className={`absolute top-0 right-0 flex h-full w-80 max-w-[80vw] flex-col border-l border-line bg-surface shadow-2xl transition-transform duration-300 ease-out motion-reduce:transition-none ${
          open ? "translate-x-0" : "translate-x-full"
        }`}
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-line px-4">
          <h2 id="mobile-menu-title" className="font-display text-lg font-bold text-ink">
            Menu
          </h2>
          <IconButton ref={closeRef} onClick={() => onClose(true)} label="Close menu">
            <CloseIcon />
          </IconButton>
        </div>

        <div className="flex-1 overflow-y-auto px-3 py-4">
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {PUBLIC_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === "/"} className={linkClass} onClick={navigated}>
                    {link.label}
                  </NavLink>
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
                      <NavLink to={link.to} className={linkClass} onClick={navigated}>
                        {link.label}
                      </NavLink>
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
              {theme === "dark" ? <SunIcon /> : <MoonIcon />}
              {theme === "dark" ? "Light mode" : "Dark mode"}
            </button>
          </div>
        </div>

        <div className="shrink-0 border-t border-line bg-surface-muted/60 p-4">
          {status === "authenticated" && user ? (
            <>
              <div className="flex items-center gap-3">
                <UserAvatar user={user} size="md" />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-ink">{userDisplayName(user)}</p>
                  <p className="truncate text-sm text-ink-muted">{user.email}</p>
                </div>
              </div>
              <div className="mt-3 grid grid-cols-2 gap-2">
                <Link to="/profile" onClick={navigated} className={buttonClass({ variant: "secondary" })}>
                  Profile
                </Link>
                <button
                  type="button"
                  className={buttonClass({ variant: "secondary" })}
                  onClick={() => {
                    onClose(false);
                    void signOut();
                  }}
                >
                  Sign Out
                </button>
              </div>
            </>
          ) : (
            <div className={`grid gap-2 ${enableRegistration ? "grid-cols-2" : "grid-cols-1"}`}>
              <Link to="/login" onClick={navigated} className={buttonClass({ variant: "secondary" })}>
                Sign In
              </Link>
              {enableRegistration ? (
                <Link to="/register" onClick={navigated} className={buttonClass()}>
                  Sign Up
                </Link>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
