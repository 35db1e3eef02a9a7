import { StrictMode } from "react";
import { SWRConfig, type SWRConfiguration } from "swr";
import { HydrationProvider } from "@/lib/hydrated";
import { SessionProvider } from "@/lib/session";
import { SiteSettingsProvider } from "@/lib/site-settings";
import { ThemeProvider } from "@/lib/theme";
import { ToastProvider } from "@/lib/toast";
import { AppRouter } from "./app-router";
import { ErrorBoundary } from "./route-error";
import { AppRoutes } from "./router";

type History = Parameters<typeof AppRouter>[0]["history"];

/**
 * The whole application: providers around the router. The browser runs it (src/boot.tsx) with the
 * browser's history and the build renders it once at "/" to prerender the shell into index.html
 * (src/prerender.tsx).
 */
export function App({ history, swrConfig, onSignedOut }: { history: History; swrConfig: SWRConfiguration; onSignedOut?: () => void }) {
  return (
    <StrictMode>
      <HydrationProvider>
        <ThemeProvider>
          <ToastProvider>
            <SWRConfig value={swrConfig}>
              <SiteSettingsProvider>
                <SessionProvider onSignedOut={onSignedOut}>
                  <AppRouter history={history}>
                    {/* A failure in the shell itself: the error page without the shell. */}
                    <ErrorBoundary withShell={false}>
                      <AppRoutes />
                    </ErrorBoundary>
                  </AppRouter>
                </SessionProvider>
              </SiteSettingsProvider>
            </SWRConfig>
          </ToastProvider>
        </ThemeProvider>
      </HydrationProvider>
    </StrictMode>
  );
}
