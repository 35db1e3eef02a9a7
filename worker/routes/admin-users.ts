import { Hono } from "hono";
import type { Context } from "hono";
import { deleteAccount } from "../db/queries/account";
import { auditEntry, listUsers, setUserActive, setUserRoles } from "../db/queries/admin-users";
import { accountKeyOf } from "../db/queries/sign-in";
import { displayNameOf, findUserById, getUserDto } from "../db/queries/users";
import type { AppEnv } from "../env";
import { requireMailBudget, sendPasswordResetMail, sendVerificationMail, verificationRefusal } from "../lib/account-mail";
import { conflict, notFound, unauthorized } from "../lib/errors";
import { requireAdmin } from "../middleware/auth";
import { validate } from "../middleware/validate";
import { adminUsersQuerySchema, userRolesSchema, userStatusSchema } from "../../shared/schemas/admin-users";
import { idParamSchema, paged } from "../../shared/schemas/query";

export const CANNOT_DEACTIVATE_SELF = "You cannot deactivate your own account.";
export const CANNOT_DROP_OWN_ADMIN = "You cannot remove your own Admin role.";
export const LAST_ADMIN = "The site needs at least one active administrator.";
export const CANNOT_DELETE_SELF = "Delete your own account from your profile page.";
export const ALREADY_VERIFIED = "This member's e-mail address is already confirmed.";
export const INACTIVE_NO_RESET = "This account is deactivated: activate it before sending a password reset link.";
export const RESET_MAIL_LIMIT = "This member was sent 3 password reset links in the last hour. Please try again later.";

/** The admin and the target user of a route with `:id`; 404 when the user does not exist (or was deleted). */
async function actorAndTarget(c: Context<AppEnv>, id: number) {
  const me = c.get("user");
  if (!me) throw unauthorized();
  const target = await findUserById(c.get("db"), id);
  if (!target) throw notFound("User");
  return { me, target };
}

/** User management: administrators only. Every write lands in audit_log. */
export const adminUsersRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", adminUsersQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const { items, totalCount } = await listUsers(c.get("db"), q);
    c.header("Cache-Control", "no-store");
    return c.json(paged(items, totalCount, q), 200);
  })
  .put("/:id/status", validate("param", idParamSchema), validate("json", userStatusSchema), async (c) => {
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
  .put("/:id/roles", validate("param", idParamSchema), validate("json", userRolesSchema), async (c) => {
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
  })
  // Deletes (anonymises) a member's account; the last active administrator cannot be deleted.
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { me, target } = await actorAndTarget(c, id);
    if (id === me.id) throw conflict(CANNOT_DELETE_SELF);
    const deleted = await deleteAccount(c.get("db"), me.id, {
      id,
      email: target.user.email,
      accountKey: await accountKeyOf(target.user.email),
      displayName: displayNameOf(target.user),
    });
    if (!deleted) throw conflict(LAST_ADMIN);
    return c.body(null, 204);
  })
  // Mails the member a new verification link (the address's budget: 1 a minute, 5 a day).
  .post("/:id/verification-mail", validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { me, target } = await actorAndTarget(c, id);
    if (target.user.emailConfirmed) throw conflict(ALREADY_VERIFIED);
    await requireMailBudget(c, "verification", target.user.email, verificationRefusal);
    await sendVerificationMail(c, target.user, [auditEntry(c.get("db"), me.id, "user_mail", id, { sent: "verification" })]);
    return c.json({ sent: true as const }, 202);
  })
  // Mails the member a password reset link (the address's budget: 3 an hour).
  .post("/:id/password-reset-mail", validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { me, target } = await actorAndTarget(c, id);
    if (!target.user.isActive) throw conflict(INACTIVE_NO_RESET);
    await requireMailBudget(c, "reset", target.user.email, () => RESET_MAIL_LIMIT);
    await sendPasswordResetMail(c, target.user, [auditEntry(c.get("db"), me.id, "user_mail", id, { sent: "password_reset" })]);
    return c.json({ sent: true as const }, 202);
  });
