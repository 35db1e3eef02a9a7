/**
 * Every path the SPA has a page for (the route table in web/src/app/router.tsx), as Hono
 * patterns. The Worker serves the app's HTML for these with 200 and answers any other path with
 * a real 404 (the app's "Page Not Found" page for a browser, plain text for anything else), so
 * search engines never index an unknown URL as a page and a missing file is never answered
 * with HTML. tests/web/app-paths.test.tsx keeps this list and the router's table equal.
 */
export const APP_PATHS = [
  "/",
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/unlock",
  "/profile",
  "/news",
  "/news/:id",
  "/factions",
  "/factions/:id",
  "/game-info",
  "/game-info/:slug",
  "/units/:id",
  "/heroes/:id",
  "/spells",
  "/spells/:id",
  "/compare",
  "/screenshots",
  "/forum",
  "/search",
  "/admin",
  "/admin/dashboard",
  "/admin/users",
  "/admin/news",
  "/admin/news/create",
  "/admin/news/edit/:id",
  "/admin/news/:id/edit",
  "/admin/media",
  "/admin/media/:id/edit",
  "/admin/menu",
  "/admin/game-assets",
  "/admin/factions/:id/edit",
  "/admin/settings",
] as const;
