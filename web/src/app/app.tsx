import { StrictMode } from "react";
import { SWRConfig, type SWRConfiguration } from "swr";
import type { PublicSiteSettings } from "@schemas/settings-public";
import { HydrationProvider } from "@/lib/hydrated";
import { FirstViewProvider, type InitialData } from "@/lib/initial-data";
import type { PageHeadInfo } from "@shared/app-server";
import { PageContextProvider } from "@/lib/page-head";
import { SessionProvider } from "@/lib/session";
import { SiteSettingsProvider } from "@/lib/site-settings";
import { ThemeProvider } from "@/lib/theme";
import { ToastProvider } from "@/lib/toast";
import { AppRouter } from "./app-router";
import { ErrorBoundary } from "./route-error";
import { AppRoutes } from "./router";

type History = Parameters<typeof AppRouter>[0]["history"];

export type AppProps = {
  history: History;
  swrConfig: SWRConfiguration;
  /** The Worker renders HTML for the browser to hydrate, or the browser hydrates it: render as a guest would see it. */
  hydrating: boolean;
  /** The site's origin, for absolute URLs in metadata. */
  origin: string;
  /** The first view's API answers by SWR key (src/lib/initial-data.tsx). */
  firstView: InitialData;
  /** While the Worker renders: the site settings written into the page, and where the page's head goes. */
  settings?: PublicSiteSettings;
  collectHead?: (head: PageHeadInfo) => void;
  onSignedOut?: () => void;
};

/**
 * The whole application: providers around the router. The Worker renders it for a URL
 * (src/entry.server.tsx) and the browser hydrates that HTML with the browser's history
 * (src/entry.client.tsx).
 */
export function App({ history, swrConfig, hydrating, origin, firstView, settings, collectHead, onSignedOut }: AppProps) {
  return (
    <StrictMode>
      <HydrationProvider hydrating={hydrating}>
        <PageContextProvider origin={origin} collect={collectHead}>
          <ThemeProvider>
            <ToastProvider>
              <SWRConfig value={swrConfig}>
                <FirstViewProvider data={firstView}>
                  <SiteSettingsProvider initial={settings}>
                    <SessionProvider onSignedOut={onSignedOut}>
                      <AppRouter history={history}>
                        {/* A failure in the shell itself: the error page without the shell. */}
                        <ErrorBoundary withShell={false}>
                          <AppRoutes />
                        </ErrorBoundary>
                      </AppRouter>
                    </SessionProvider>
                  </SiteSettingsProvider>
                </FirstViewProvider>
              </SWRConfig>
            </ToastProvider>
          </ThemeProvider>
        </PageContextProvider>
      </HydrationProvider>
    </StrictMode>
  );
}
