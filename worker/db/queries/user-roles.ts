import { sql } from "drizzle-orm";
import { ROLES, userRoles, users, type Role } from "../schema";

/**
 * A user's roles as one `group_concat` text column, for selects over `users` (no query per
 * user). Turn it into a list with `parseRoles`.
 */
export const rolesOf = sql<string | null>`(SELECT group_concat(${userRoles.role}) FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id})`;

/** Roles arrive as `group_concat` text; keep the canonical order and drop anything unknown. */
export const parseRoles = (text: string | null | undefined): Role[] => {
  const set = new Set((text ?? "").split(","));
  return ROLES.filter((r) => set.has(r));
};
