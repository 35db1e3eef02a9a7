/**
 * Roles and the two access levels every rule is written in: "moderator level" is the Moderator
 * or the Admin role; "admin" is the Admin role. The Worker enforces them; the SPA uses the same
 * checks only to decide what to show.
 */
export const ROLES = ["User", "Moderator", "Admin"] as const;
export type Role = (typeof ROLES)[number];

export const isModeratorLevel = (roles: readonly string[] | null | undefined): boolean =>
  !!roles && roles.some((r) => r === "Moderator" || r === "Admin");

export const isAdminRole = (roles: readonly string[] | null | undefined): boolean => !!roles && roles.includes("Admin");
