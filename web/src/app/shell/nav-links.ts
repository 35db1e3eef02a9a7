/** Header links. */
export type NavLink = { label: string; to: string };

export const PUBLIC_LINKS: readonly NavLink[] = [
  { label: "Home", to: "/" },
  { label: "News", to: "/news" },
  { label: "Factions", to: "/factions" },
  { label: "Screenshots", to: "/screenshots" },
  { label: "Forum", to: "/forum" },
];

/** Moderators and administrators. */
export const MODERATOR_LINKS: readonly NavLink[] = [
  { label: "Dashboard", to: "/admin/dashboard" },
  { label: "Manage News", to: "/admin/news" },
  { label: "Manage Media", to: "/admin/media" },
  { label: "Manage Game Assets", to: "/admin/game-assets" },
];

/** Administrators additionally. */
export const ADMIN_LINKS: readonly NavLink[] = [
  { label: "Admin Menu", to: "/admin/menu" },
  { label: "Manage Users", to: "/admin/users" },
  { label: "Settings", to: "/admin/settings" },
];

export function adminLinks(isModerator: boolean, isAdmin: boolean): readonly NavLink[] {
  if (isAdmin) return [...MODERATOR_LINKS, ...ADMIN_LINKS];
  return isModerator ? MODERATOR_LINKS : [];
}
