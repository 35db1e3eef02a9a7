import { useRoutes, type RouteObject } from "react-router";
import { lazyPage, type PageModule } from "./lazy-page";
import { RootLayout } from "./root-layout";

/**
 * The whole application's routes (react-router's declarative mode: docs/decisions/0020-declarative-routing.md).
 *
 * Features add their pages here: one entry per page in the `children` list below,
 * `{ path: "news/:id", element: page(() => import("@/features/news/routes/news-article")) }`, where
 * the page module exports `Component`. Keep every page lazy (its own chunk) so the JavaScript that
 * `/` loads stays within its budget (110 KB gzip); keep the import expression literal: the build
 * lists each page's chunks for the Worker to preload with the page (vite.config.ts).
 * Guard protected pages inside the page with <ProtectedRoute> from src/components/protected-route.
 */
const page = (load: () => Promise<PageModule>) => {
  const Page = lazyPage(load);
  return <Page />;
};

export const routes: RouteObject[] = [
  {
    // The shell (header, footer, notifications) wraps every page; it catches page errors.
    element: <RootLayout />,
    children: [
      // Features add their routes here (lazy) ↓
      { path: "login", element: page(() => import("@/features/auth/routes/login")) },
      { path: "register", element: page(() => import("@/features/auth/routes/register")) },
      { path: "profile", element: page(() => import("@/features/profile/routes/profile")) },
      { path: "admin/users", element: page(() => import("@/features/admin-users/routes/admin-users")) },
      { index: true, element: page(() => import("@/features/news/routes/home")) },
      { path: "news", element: page(() => import("@/features/news/routes/news-list")) },
      { path: "news/:id", element: page(() => import("@/features/news/routes/news-article")) },
      { path: "admin/news", element: page(() => import("@/features/admin-news/routes/admin-news-list")) },
      { path: "admin/news/create", element: page(() => import("@/features/admin-news/routes/article-editor")) },
      { path: "admin/news/edit/:id", element: page(() => import("@/features/admin-news/routes/article-editor")) },
      { path: "admin/news/:id/edit", element: page(() => import("@/features/admin-news/routes/edit-redirect")) },
      // Game content (factions, game info).
      { path: "factions", element: page(() => import("@/features/game/routes/factions")) },
      { path: "game-info", element: page(() => import("@/features/game/routes/factions")) },
      { path: "factions/:id", element: page(() => import("@/features/game/routes/faction-detail")) },
      { path: "game-info/:slug", element: page(() => import("@/features/game/routes/game-info-article")) },
      { path: "screenshots", element: page(() => import("@/features/gallery/routes/gallery")) },
      { path: "admin/media", element: page(() => import("@/features/admin-media/routes/admin-media-list")) },
      { path: "admin/media/:id/edit", element: page(() => import("@/features/admin-media/routes/media-edit")) },
      { path: "admin/menu", element: page(() => import("@/features/admin-media/routes/admin-menu")) },
      { path: "admin/game-assets", element: page(() => import("@/features/game-assets/routes/game-assets")) },
      { path: "admin/factions/:id/edit", element: page(() => import("@/features/game-assets/routes/faction-edit")) },
      // Game wiki: units, heroes, spells, comparison
      { path: "units/:id", element: page(() => import("@/features/game/routes/unit")) },
      { path: "compare", element: page(() => import("@/features/game/routes/compare")) },
      { path: "heroes/:id", element: page(() => import("@/features/game/routes/hero")) },
      { path: "spells", element: page(() => import("@/features/game/routes/spells")) },
      { path: "spells/:id", element: page(() => import("@/features/game/routes/spell")) },
      { path: "admin", element: page(() => import("@/features/admin-dashboard/routes/dashboard")) },
      { path: "admin/dashboard", element: page(() => import("@/features/admin-dashboard/routes/dashboard")) },
      { path: "forum", element: page(() => import("@/features/forum/routes/forum")) },
      { path: "verify-email", element: page(() => import("@/features/auth/routes/verify-email")) },
      { path: "forgot-password", element: page(() => import("@/features/auth/routes/forgot-password")) },
      { path: "reset-password", element: page(() => import("@/features/auth/routes/reset-password")) },
      { path: "unlock", element: page(() => import("@/features/auth/routes/unlock")) },
      { path: "admin/settings", element: page(() => import("@/features/admin-settings/routes/admin-settings")) },
      { path: "search", element: page(() => import("@/features/search/routes/search")) },
      // ↑ Features add their routes here (lazy)
      { path: "*", element: page(() => import("./routes/not-found")) },
    ],
  },
];

/** The shell and the page for the current URL. */
export function AppRoutes() {
  return useRoutes(routes);
}
