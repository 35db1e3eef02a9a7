/** Admin user management. Pure zod; the web may import it. */
import { z } from "zod";
import type { Role } from "../roles";
import { pagingQuery, strictQuery } from "./query";
import { text } from "./text";

/** The role names, exactly as stored (kept here so the web does not import the data model). */
export const ROLE_NAMES = ["User", "Moderator", "Admin"] as const satisfies readonly Role[];

export const ADMIN_USERS_PAGE_SIZE = 10;
const ADMIN_USERS_MAX_PAGE_SIZE = 100;

export const adminUsersQuerySchema = strictQuery({
  ...pagingQuery(ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_MAX_PAGE_SIZE),
  search: text().trim().max(254, "Search must be at most 254 characters long.").optional(),
  /** "" or "All" mean every role (the filter's "All Roles" option). */
  role: z
    .union([z.enum(ROLE_NAMES, { error: "Role must be User, Moderator or Admin." }), z.literal(""), z.literal("All")])
    .optional()
    .transform((v) => (v === "" || v === "All" ? undefined : v)),
});

export const userStatusSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false." }),
});

export const userRolesSchema = z.object({
  roles: z
    .array(z.enum(ROLE_NAMES, { error: "Role must be User, Moderator or Admin." }), { error: "Roles must be a list of role names." })
    .min(1, "A user needs at least one role.")
    .max(ROLE_NAMES.length, "Roles must not repeat.")
    .refine((roles) => new Set(roles).size === roles.length, "Roles must not repeat."),
});
