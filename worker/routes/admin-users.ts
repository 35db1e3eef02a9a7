import { Hono } from "hono";
import { listUsers, setUserActive, setUserRoles } from "../db/queries/admin-users";
import { findUserById, getUserDto } from "../db/queries/users";
import type { AppEnv } from "../env";
import { conflict, notFound, unauthorized } from "../lib/errors";
import { requireAdmin } from "../middleware/auth";
import { validate } from "../middleware/validate";
import { adminUsersQuerySchema, userIdParamSchema, userRolesSchema, userStatusSchema } from "../schemas/admin-users";

export const CANNOT_DEACTIVATE_SELF = "You cannot deactivate your own account.";
export const CANNOT_DROP_OWN_ADMIN = "You cannot remove your own Admin role.";
export const LAST_ADMIN = "The site needs at least one active administrator.";

/** User management: administrators only. Every write lands in audit_log. */
export const adminUsersRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", adminUsersQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const page = await listUsers(c.get("db"), q);
    c.header("Cache-Control", "no-store");
    return c.json(page, 200);
  })
  .put("/:id/status", validate("param", userIdParamSchema), validate("json", userStatusSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { isActive } = c.req.valid("json");
    const me = c.get("user");
    if (!me) throw unauthorized();
    const db = c.get("db");
    const target = await findUserById(db, id);
    if (!target) throw notFound("User");
    if (!isActive && id === me.id) throw conflict(CANNOT_DEACTIVATE_SELF);
    // The last-admin rule is checked inside the write (see setUserActive).
    if (!(await setUserActive(db, me.id, id, isActive))) throw conflict(LAST_ADMIN);
    return c.json({ user: (await getUserDto(db, id))! }, 200);
  })
  .put("/:id/roles", validate("param", userIdParamSchema), validate("json", userRolesSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { roles } = c.req.valid("json");
    const me = c.get("user");
    if (!me) throw unauthorized();
    const db = c.get("db");
    const target = await findUserById(db, id);
    if (!target) throw notFound("User");
    const dropsAdmin = target.roles.includes("Admin") && !roles.includes("Admin");
    if (dropsAdmin && id === me.id) throw conflict(CANNOT_DROP_OWN_ADMIN, { roles: [CANNOT_DROP_OWN_ADMIN] });
    // The last-admin rule is checked inside the write (see setUserRoles).
    if (!(await setUserRoles(db, me.id, id, target.roles, roles))) throw conflict(LAST_ADMIN, { roles: [LAST_ADMIN] });
    return c.json({ user: (await getUserDto(db, id))! }, 200);
  });
