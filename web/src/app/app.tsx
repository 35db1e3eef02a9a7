import { StrictMode, type ReactNode } from "react";
import { SWRConfig, type SWRConfiguration } from "swr";
import type { PublicSiteSettings } from "@schemas/settings-public";
import { HydrationProvider } from "@/lib/hydrated";
import type { PageHeadInfo } from "@shared/app-server";
import { PageContextProvider } from "@/lib/page-head";
import { SessionProvider } from "@/lib/session";
import { SiteSettingsProvider } from "@/lib/site-settings";
import { ThemeProvider } from "@/lib/theme";
import { ToastProvider } from "@/lib/toast";

export type AppProps = {
  /** The router: `<RouterProvider>` in the browser, `<StaticRouterProvider>` on the Worker. */
  router: ReactNode;
  swrConfig: SWRConfiguration;
  /** The Worker renders HTML for the browser to hydrate, or the browser hydrates it: render as a guest would see it. */
  hydrating: boolean;
  /** The site's origin, for absolute URLs in metadata. */
  origin: string;
  /** While the Worker renders: the site settings written into the page, and where the page's head goes. */
  settings?: PublicSiteSettings;
  collectHead?: (head: PageHeadInfo) => void;
  onSignedOut?: () => void;
};

/**
 * The whole application: providers around the router (web/src/app/router.tsx). The Worker renders
 * it for a URL (src/entry.server.tsx) and the browser hydrates that HTML (src/entry.client.tsx).
 */
export function App({ router, swrConfig, hydrating, origin, settings, collectHead, onSignedOut }: AppProps) {
  return (
    <StrictMode>
      <HydrationProvider hydrating={hydrating}>
        <PageContextProvider origin={origin} collect={collectHead}>
          <ThemeProvider>
            <ToastProvider>
              <SWRConfig value={swrConfig}>
                <SiteSettingsProvider initial={settings}>
                  <SessionProvider onSignedOut={onSignedOut}>{router}</SessionProvider>
                </SiteSettingsProvider>
              </SWRConfig>
            </ToastProvider>
          </ThemeProvider>
        </PageContextProvider>
      </HydrationProvider>
    </StrictMode>
  );
}
