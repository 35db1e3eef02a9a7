import type { RouteObject } from "react-router";
import { PagePending, RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

/**
 * The whole application's routes (react-router data mode).
 *
 * Features add their routes here (lazy): one entry per page in the `children` list below,
 * `{ path: "news/:id", lazy: () => import("@/features/news/routes/article") }`, where the
 * route module exports `Component` (and optionally `ErrorBoundary`, `loader`). Keep every
 * page lazy so the entry chunk stays small (JS loaded by `/` ≤ 90 KB gzip).
 * Guard protected pages inside the page with <ProtectedRoute> from src/components/protected-route.
 */
export const routes: RouteObject[] = [
  {
    // The shell (header, footer, notifications) wraps every page.
    Component: RootLayout,
    // A failure in the shell itself: the error page without the shell.
    errorElement: <RouteError withShell={false} />,
    children: [
      {
        // Page errors render inside the shell.
        errorElement: <RouteError />,
        // While the first page's lazy module loads, the shell shows (and stays mounted).
        HydrateFallback: PagePending,
        children: [
          // Features add their routes here (lazy) ↓
          { path: "login", lazy: () => import("@/features/auth/routes/login") },
          { path: "register", lazy: () => import("@/features/auth/routes/register") },
          { path: "profile", lazy: () => import("@/features/profile/routes/profile") },
          { path: "admin/users", lazy: () => import("@/features/admin-users/routes/admin-users") },
          { index: true, lazy: () => import("@/features/news/routes/home") },
          { path: "news", lazy: () => import("@/features/news/routes/news-list") },
          { path: "news/:id", lazy: () => import("@/features/news/routes/news-article") },
          { path: "admin/news", lazy: () => import("@/features/admin-news/routes/admin-news-list") },
          { path: "admin/news/create", lazy: () => import("@/features/admin-news/routes/article-editor") },
          { path: "admin/news/edit/:id", lazy: () => import("@/features/admin-news/routes/article-editor") },
          { path: "admin/news/:id/edit", lazy: () => import("@/features/admin-news/routes/edit-redirect") },
          // Game content (factions, game info).
          { path: "factions", lazy: () => import("@/features/game/routes/factions") },
          { path: "game-info", lazy: () => import("@/features/game/routes/factions") },
          { path: "factions/:id", lazy: () => import("@/features/game/routes/faction-detail") },
          { path: "game-info/:slug", lazy: () => import("@/features/game/routes/game-info-article") },
          { path: "screenshots", lazy: () => import("@/features/gallery/routes/gallery") },
          { path: "admin/media", lazy: () => import("@/features/admin-media/routes/admin-media-list") },
          { path: "admin/media/:id/edit", lazy: () => import("@/features/admin-media/routes/media-edit") },
          { path: "admin/menu", lazy: () => import("@/features/admin-media/routes/admin-menu") },
          { path: "admin/game-assets", lazy: () => import("@/features/game-assets/routes/game-assets") },
          { path: "admin/factions/:id/edit", lazy: () => import("@/features/game-assets/routes/faction-edit") },
          // Game wiki: units, heroes, spells, comparison
          { path: "units/:id", lazy: () => import("@/features/game/routes/unit") },
          { path: "compare", lazy: () => import("@/features/game/routes/compare") },
          { path: "heroes/:id", lazy: () => import("@/features/game/routes/hero") },
          { path: "spells", lazy: () => import("@/features/game/routes/spells") },
          { path: "spells/:id", lazy: () => import("@/features/game/routes/spell") },
          { path: "admin", lazy: () => import("@/features/admin-dashboard/routes/dashboard") },
          { path: "admin/dashboard", lazy: () => import("@/features/admin-dashboard/routes/dashboard") },
          { path: "forum", lazy: () => import("@/features/forum/routes/forum") },
          { path: "verify-email", lazy: () => import("@/features/auth/routes/verify-email") },
          { path: "admin/settings", lazy: () => import("@/features/admin-settings/routes/admin-settings") },
          { path: "search", lazy: () => import("@/features/search/routes/search") },
          // ↑ Features add their routes here (lazy)
          { path: "*", lazy: () => import("./routes/not-found") },
        ],
      },
    ],
  },
];
