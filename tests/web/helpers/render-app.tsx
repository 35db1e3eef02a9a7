import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { SWRConfig } from "swr";
import type { User } from "@schemas/user";
import { RootLayout } from "@/app/root-layout";
import { SessionProvider } from "@/lib/session";
import { DEFAULT_PUBLIC_SETTINGS, SiteSettingsProvider } from "@/lib/site-settings";
import type { PublicSiteSettings } from "@schemas/settings";
import { ThemeProvider } from "@/lib/theme";
import { ToastProvider } from "@/lib/toast";

export type TestRole = "guest" | "user" | "moderator" | "admin";

export function testUser(role: Exclude<TestRole, "guest">, overrides: Partial<User> = {}): User {
  const roles: User["roles"] = role === "admin" ? ["User", "Admin"] : role === "moderator" ? ["User", "Moderator"] : ["User"];
  return {
    id: 7,
    email: `${role}@example.com`,
    firstName: role[0]!.toUpperCase() + role.slice(1),
    lastName: "Tester",
    displayName: `${role[0]!.toUpperCase() + role.slice(1)} Tester`,
    profilePictureUrl: null,
    roles,
    isActive: true,
    emailConfirmed: true,
    createdAt: "2025-01-01T00:00:00.000Z",
    lastLoginAt: null,
    ...overrides,
  };
}

/** Stores a session the way sign-in does (authToken + authUser); the provider restores it. */
export function storeSession(user: User | null) {
  localStorage.clear();
  if (!user) return;
  localStorage.setItem("authToken", "not-a-jwt");
  localStorage.setItem("authUser", JSON.stringify(user));
}

/** The app's providers; `settings` overrides some public site settings (the rest are the defaults). */
export function Providers({ children, settings }: { children: ReactNode; settings?: Partial<PublicSiteSettings> }) {
  const session = <SessionProvider>{children}</SessionProvider>;
  return (
    <ThemeProvider>
      <ToastProvider>
        {settings ? <SiteSettingsProvider initial={{ ...DEFAULT_PUBLIC_SETTINGS, ...settings }}>{session}</SiteSettingsProvider> : session}
      </ToastProvider>
    </ThemeProvider>
  );
}

/** The shell around the given child routes, at `path`, with the session stored for `role`. */
export function renderApp({
  role = "guest",
  path = "/",
  children = [],
  settings,
}: { role?: TestRole; path?: string; children?: RouteObject[]; settings?: Partial<PublicSiteSettings> } = {}) {
  storeSession(role === "guest" ? null : testUser(role));
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [{ index: true, element: <h1>Home page</h1> }, { path: "login", element: <h1>Sign in page</h1> }, ...children],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers settings={settings}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

/**
 * `routes` in a memory router at `path`, inside the app's providers and an SWR cache of its own
 * that never retries, so each render reads its own answers. Returns the router with the view.
 */
export function renderRoutes(routes: RouteObject[], path: string, { settings }: { settings?: Partial<PublicSiteSettings> } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers settings={settings}>
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </Providers>,
  );
  return { ...view, router };
}
