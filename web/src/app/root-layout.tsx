import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { useHydrated } from "@/lib/hydrated";
import { useSession } from "@/lib/session";
import { useSiteSettings } from "@/lib/site-settings";
import { Footer } from "./shell/footer";
import { Header } from "./shell/header";
import { MaintenanceBanner, MaintenanceScreen } from "./shell/maintenance";
import { LeaveGuard } from "./leave-dialog";
import { paths } from "@shared/paths";

// The mobile menu (and the dialog it is built on) loads when it is first wanted, not with the
// shell: most visits never open it. Pointing at or focusing the toggle starts the download.
const loadMobileMenu = () => import("./shell/mobile-menu");
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

/** A thin bar at the top while a navigation waits for its page (its module, its loader). */
function NavigationProgress() {
  if (useNavigation().state === "idle") return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-brand-600/20">
      <div className="h-full w-1/3 bg-brand-600 motion-safe:animate-[progress_1s_ease-in-out_infinite]" />
    </div>
  );
}

/** The shell around every page: skip link, header, mobile menu, page, footer. */
export function RootLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const site = useSiteSettings();
  const { isModerator } = useSession();
  // Maintenance: only moderators and admins get past it; the sign-in page stays open for them.
  const lockedOut = site.maintenanceMode && !isModerator && pathname !== paths.login();
  // Once hydrated (and what was typed before adopted), the app handles the page: the app loader
  // (web/src/app-loader.ts) hands over a button click or a form submission it held.
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.setAttribute("data-app", "");
    dispatchEvent(new Event("app-ready"));
  }, [hydrated]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // Mounted from the first opening on (then it stays, so closing animates and focus returns).
  const [menuWanted, setMenuWanted] = useState(false);
  const openMenu = useCallback(() => {
    setMenuWanted(true);
    setMenuOpen(true);
  }, []);

  // Navigating (links, back button) closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // The menu does not exist on large screens: close it when the window grows past `lg`.
  useEffect(() => {
    if (!menuOpen || typeof matchMedia === "undefined") return;
    const query = matchMedia("(min-width: 64rem)");
    const onChange = () => query.matches && setMenuOpen(false);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [menuOpen]);

  return (
    <div className="flex min-h-dvh flex-col bg-page text-ink">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[80] focus:rounded-lg focus:bg-brand-700 focus:px-4 focus:py-2 focus:font-semibold focus:text-white"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <Header menuOpen={menuOpen} onOpenMenu={openMenu} onPrepareMenu={() => void loadMobileMenu()} menuButtonRef={menuButtonRef} />
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} />
        </Suspense>
      ) : null}
      {site.maintenanceMode && isModerator ? <MaintenanceBanner /> : null}
      {/* At least a screen tall below the header (h-16): the footer starts below the fold on every
          page, so it never moves into view when a page's content replaces its placeholder. */}
      <main id="main-content" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        {lockedOut ? (
          <MaintenanceScreen siteName={site.siteName} message={site.maintenanceMessage} />
        ) : (
          <Outlet />
        )}
      </main>
      <Footer />
      {/* Back and forward return to where the reader was on that entry; a new page opens at its top (or its #hash). */}
      <ScrollRestoration />
      <LeaveGuard />
    </div>
  );
}
