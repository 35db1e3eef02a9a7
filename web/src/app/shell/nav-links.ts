/**
 * Header links. `section` lists the other paths that belong to the link's part of the site, so
 * the link is marked current there too: a unit's or a hero's page, and the unit comparison, sit
 * under Factions (their breadcrumbs start Home › Factions); /admin is the dashboard too.
 */
export type NavLink = { label: string; to: string; section?: readonly string[] };

export const PUBLIC_LINKS: readonly NavLink[] = [
  { label: "Home", to: "/" },
  { label: "News", to: "/news" },
  { label: "Factions", to: "/factions", section: ["/units/*", "/heroes/*", "/compare"] },
  { label: "Screenshots", to: "/screenshots" },
  { label: "Forum", to: "/forum" },
];

/** Moderators and administrators. */
export const MODERATOR_LINKS: readonly NavLink[] = [
  { label: "Dashboard", to: "/admin/dashboard", section: ["/admin"] },
  { label: "Manage News", to: "/admin/news" },
  { label: "Manage Media", to: "/admin/media" },
  { label: "Manage Game Assets", to: "/admin/game-assets" },
  { label: "Manage Game Info", to: "/admin/game-info" },
];

/** Administrators additionally. */
export const ADMIN_LINKS: readonly NavLink[] = [
  { label: "Admin Menu", to: "/admin/menu" },
  { label: "Manage Users", to: "/admin/users" },
  { label: "Settings", to: "/admin/settings" },
  { label: "Audit Log", to: "/admin/audit" },
];

export function adminLinks(isModerator: boolean, isAdmin: boolean): readonly NavLink[] {
  if (isAdmin) return [...MODERATOR_LINKS, ...ADMIN_LINKS];
  return isModerator ? MODERATOR_LINKS : [];
}
