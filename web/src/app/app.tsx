import { StrictMode } from "react";
import { RouterProvider } from "react-router/dom";
import type { createBrowserRouter } from "react-router";
import { SWRConfig, type SWRConfiguration } from "swr";
import { HydrationProvider } from "@/lib/hydrated";
import { SessionProvider } from "@/lib/session";
import { SiteSettingsProvider } from "@/lib/site-settings";
import { ThemeProvider } from "@/lib/theme";
import { ToastProvider } from "@/lib/toast";

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The whole application: providers around the router. The browser runs it (src/boot.tsx) and
 * the build renders it once to prerender the shell into index.html (src/prerender.tsx).
 */
export function App({ router, swrConfig, onSignedOut }: { router: Router; swrConfig: SWRConfiguration; onSignedOut?: () => void }) {
  return (
    <StrictMode>
      <HydrationProvider>
        <ThemeProvider>
          <ToastProvider>
            <SWRConfig value={swrConfig}>
              <SiteSettingsProvider>
                <SessionProvider onSignedOut={onSignedOut}>
                  <RouterProvider router={router} />
                </SessionProvider>
              </SiteSettingsProvider>
            </SWRConfig>
          </ToastProvider>
        </ThemeProvider>
      </HydrationProvider>
    </StrictMode>
  );
}
