/**
 * Header links. `section` lists the other paths that belong to the link's part of the site, so
 * the link is marked current there too: a unit's or a hero's page, and the unit comparison, sit
 * under Factions (their breadcrumbs start Home › Factions); /admin is the dashboard too.
 */
import { pagePatterns, paths } from "@shared/paths";
export type NavLink = { label: string; to: string; section?: readonly string[] };

export const PUBLIC_LINKS: readonly NavLink[] = [
  { label: "Home", to: paths.home() },
  { label: "News", to: paths.news() },
  { label: "Factions", to: paths.factions(), section: [pagePatterns.unit, pagePatterns.hero, pagePatterns.compare] },
  { label: "Screenshots", to: paths.screenshots() },
  { label: "Forum", to: paths.forum() },
];

/** Moderators and administrators. */
export const MODERATOR_LINKS: readonly NavLink[] = [
  { label: "Dashboard", to: paths.adminDashboard(), section: [pagePatterns.admin] },
  { label: "Manage News", to: paths.adminNews() },
  { label: "Manage Media", to: paths.adminMedia() },
  { label: "Manage Game Assets", to: paths.adminGameAssets() },
  { label: "Manage Game Info", to: paths.adminGameInfo() },
];

/** Administrators additionally. */
export const ADMIN_LINKS: readonly NavLink[] = [
  { label: "Admin Menu", to: paths.adminMenu() },
  { label: "Manage Users", to: paths.adminUsers() },
  { label: "Settings", to: paths.adminSettings() },
  { label: "Audit Log", to: paths.adminAudit() },
];

export function adminLinks(isModerator: boolean, isAdmin: boolean): readonly NavLink[] {
  if (isAdmin) return [...MODERATOR_LINKS, ...ADMIN_LINKS];
  return isModerator ? MODERATOR_LINKS : [];
}
