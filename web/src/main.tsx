import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { SWRConfig } from "swr";
import { router } from "./app/router";
import { SessionProvider } from "./lib/session";
import { seedInitialData } from "./lib/initial-data";
import { SiteSettingsProvider } from "./lib/site-settings";
import { createSwrConfig } from "./lib/swr-config";
import { ThemeProvider } from "./lib/theme";
import { ToastProvider } from "./lib/toast";
import "./app/styles.css";

// The page's first API answers, written into the HTML by the Worker, go into SWR's cache first.
seedInitialData();
const swrConfig = createSwrConfig();
// Any 401 clears the session; the browser then goes to the sign-in page (spec §4, §8),
// remembering the page it was on. A failed sign-in (401 on /login itself) stays put.
const toLogin = () => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === "/login") return;
  void router.navigate("/login", { state: { from: `${pathname}${search}${hash}` } });
};

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ThemeProvider>
      <ToastProvider>
        <SWRConfig value={swrConfig}>
          <SiteSettingsProvider>
            <SessionProvider onSignedOut={toLogin}>
              <RouterProvider router={router} />
            </SessionProvider>
          </SiteSettingsProvider>
        </SWRConfig>
      </ToastProvider>
    </ThemeProvider>
  </StrictMode>,
);
