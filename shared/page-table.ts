/**
 * The site's pages, as data: each page's name, its path pattern (react-router's and Hono's
 * syntax), its module (under web/src, no extension), whether guests see it, whether the sitemap
 * lists it, and one sample of its parameters that names a record of the demo seed. Neutral (both
 * runtimes, the tests and plain Node scripts import it; it imports nothing). Derived from it:
 * - the SPA's route list (web/src/app/routes.ts, which adds each module's loader) and through it
 *   the Worker's page registry (worker/pages: every pattern here is a page, anything else a 404);
 * - every site URL (`paths` in ./paths.ts: `paths.unit(12)` is "/units/12");
 * - the sitemap's static pages (`sitemap: true`);
 * - the browser crawls (hydration, accessibility, Lighthouse), which open every page at its sample.
 * How to add a page: docs/conventions.md, "Pages".
 */

export type PageEntry = {
  /** The page's name in `paths` (camelCase, unique). */
  readonly name: string;
  /** A react-router path pattern, also a Hono pattern ("/news/:id"); "*" is the page for unknown paths. */
  readonly path: string;
  /** The module's path under web/src without its extension. */
  readonly module: string;
  /** False for a member page (profile, admin): the Worker serves the shell and the browser loads the page. */
  readonly guest?: false;
  /** Listed in the sitemap as a static page (parameterless pages only). */
  readonly sitemap?: true;
  /** Values of the pattern's parameters naming a record of the demo seed (required when it has parameters). */
  readonly sample?: Readonly<Record<string, string>>;
};

export const PAGE_TABLE = [
  { name: "home", path: "/", module: "features/news/routes/home", sitemap: true },
  { name: "news", path: "/news", module: "features/news/routes/news-list", sitemap: true },
  { name: "newsArticle", path: "/news/:id", module: "features/news/routes/news-article", sample: { id: "1" } },
  { name: "factions", path: "/factions", module: "features/game/routes/factions", sitemap: true },
  { name: "gameInfo", path: "/game-info", module: "features/game/routes/game-info" },
  { name: "faction", path: "/factions/:id", module: "features/game/routes/faction-detail", sample: { id: "1" } },
  { name: "gameInfoArticle", path: "/game-info/:slug", module: "features/game/routes/game-info-article", sample: { slug: "schools-of-magic" } },
  { name: "unit", path: "/units/:id", module: "features/game/routes/unit", sample: { id: "1" } },
  { name: "hero", path: "/heroes/:id", module: "features/game/routes/hero", sample: { id: "1" } },
  { name: "spells", path: "/spells", module: "features/game/routes/spells", sitemap: true },
  { name: "spell", path: "/spells/:id", module: "features/game/routes/spell", sample: { id: "1" } },
  { name: "compare", path: "/compare", module: "features/game/routes/compare" },
  { name: "screenshots", path: "/screenshots", module: "features/gallery/routes/gallery", sitemap: true },
  { name: "forum", path: "/forum", module: "features/forum/routes/forum", sitemap: true },
  { name: "search", path: "/search", module: "features/search/routes/search" },
  { name: "login", path: "/login", module: "features/auth/routes/login" },
  { name: "register", path: "/register", module: "features/auth/routes/register" },
  { name: "verifyEmail", path: "/verify-email", module: "features/auth/routes/verify-email" },
  { name: "forgotPassword", path: "/forgot-password", module: "features/auth/routes/forgot-password" },
  { name: "resetPassword", path: "/reset-password", module: "features/auth/routes/reset-password" },
  { name: "unlock", path: "/unlock", module: "features/auth/routes/unlock" },
  { name: "profile", path: "/profile", module: "features/profile/routes/profile", guest: false },
  { name: "admin", path: "/admin", module: "features/admin-dashboard/routes/dashboard", guest: false },
  { name: "adminDashboard", path: "/admin/dashboard", module: "features/admin-dashboard/routes/dashboard", guest: false },
  { name: "adminUsers", path: "/admin/users", module: "features/admin-users/routes/admin-users", guest: false },
  { name: "adminNews", path: "/admin/news", module: "features/admin-news/routes/admin-news-list", guest: false },
  { name: "adminNewsCreate", path: "/admin/news/create", module: "features/admin-news/routes/article-editor", guest: false },
  { name: "adminNewsEdit", path: "/admin/news/edit/:id", module: "features/admin-news/routes/article-editor", guest: false, sample: { id: "1" } },
  // The editor's other address: a redirect to /admin/news/edit/:id.
  { name: "adminNewsEditAlias", path: "/admin/news/:id/edit", module: "features/admin-news/routes/edit-redirect", guest: false, sample: { id: "1" } },
  { name: "adminMedia", path: "/admin/media", module: "features/admin-media/routes/admin-media-list", guest: false },
  { name: "adminMediaEdit", path: "/admin/media/:id/edit", module: "features/admin-media/routes/media-edit", guest: false, sample: { id: "1" } },
  { name: "adminMenu", path: "/admin/menu", module: "features/admin-media/routes/admin-menu", guest: false },
  { name: "adminGameAssets", path: "/admin/game-assets", module: "features/game-assets/routes/game-assets", guest: false },
  { name: "adminFactionEdit", path: "/admin/factions/:id/edit", module: "features/game-assets/routes/faction-edit", guest: false, sample: { id: "1" } },
  { name: "adminGameInfo", path: "/admin/game-info", module: "features/game-assets/routes/guides", guest: false },
  { name: "adminGameInfoNew", path: "/admin/game-info/new", module: "features/game-assets/routes/guide-edit", guest: false },
  { name: "adminGameInfoEdit", path: "/admin/game-info/:id/edit", module: "features/game-assets/routes/guide-edit", guest: false, sample: { id: "1" } },
  { name: "adminAudit", path: "/admin/audit", module: "features/admin-audit/routes/audit-log", guest: false },
  { name: "adminSettings", path: "/admin/settings", module: "features/admin-settings/routes/admin-settings", guest: false },
  // Any other path: "Page Not Found", answered 404. Last: the router ranks it below every other.
  { name: "notFound", path: "*", module: "app/routes/not-found", sample: { "*": "no/such/page" } },
] as const satisfies readonly PageEntry[];

export type PageName = (typeof PAGE_TABLE)[number]["name"];

const PARAM = /:(\w+)/g;

/** The parameter names of a pattern, in order ("/news/:id" → ["id"]). */
export const paramNames = (pattern: string): string[] => [...pattern.matchAll(PARAM)].map((m) => m[1]!);

/** A pattern with its parameters filled in, URL-encoded ("/news/:id", { id: 7 } → "/news/7"); "*" takes the rest of the path. */
export function buildPath(pattern: string, params: Readonly<Record<string, string | number>>): string {
  if (pattern === "*") return `/${String(params["*"] ?? "")}`;
  return pattern.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`The path ${pattern} needs its parameter "${name}".`);
    return encodeURIComponent(String(value));
  });
}

/** A page's URL at its sample parameters (a record of the demo seed): what the browser crawls open. */
export const samplePath = (entry: PageEntry): string => buildPath(entry.path, entry.sample ?? {});
