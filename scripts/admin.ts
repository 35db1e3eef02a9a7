/**
 * Grants or removes a role by e-mail, in the local D1 or (with --remote) the deployed one:
 *   npm run admin -- grant admin@site.org Admin
 *   npm run admin -- revoke admin@site.org Moderator
 *   npm run admin -- grant admin@site.org Admin --remote
 *   npm run admin -- grant admin@site.org Admin --persist-to DIR   (another local state folder)
 *   npm run admin -- grant admin@site.org Admin --force   (an account whose e-mail is not verified)
 *
 * The account must exist (register it on the site first) and, to be given a role, have verified
 * its e-mail: anyone can register an address they do not own, so an unverified account under the
 * intended admin's address may be someone else's. `--force` grants anyway. Removing the Admin
 * role from the last active administrator is refused; a member whose only role is removed keeps
 * the User role (and removing User when it is the only role is refused). Each change is written
 * to the audit log. Everything runs as ONE `wrangler d1 execute` (the statements in order: the
 * account before, the guarded change, the audit row, the account after), so the last-admin and
 * verified-address rules are checked inside the write itself, as the admin API does.
 */
import { spawnSync } from "node:child_process";
import { ROLES, type Role } from "../shared/roles.ts";
import { argValue, DEFAULT_PERSIST_DIR } from "./lib.ts";

const USAGE = `Usage: npm run admin -- <grant|revoke> <email> <${ROLES.join("|")}> [--force] [--remote | --persist-to DIR]`;

/** Letters, digits and the usual address punctuation only: the value is written into SQL. */
const EMAIL = /^[a-z0-9.!#$%&*+/=?^_`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

/**
 * `force`: grant to an account whose e-mail is not verified (--force). Without it such a grant
 * is refused: whoever registered the address first would get the role.
 */
export type AdminCommand = { action: "grant" | "revoke"; email: string; role: Role; force: boolean };

/** Reads `grant|revoke <email> <role> [--force]` (role names are matched ignoring case). */
export function parseCommand(args: readonly string[]): AdminCommand | string {
  const [action, rawEmail, rawRole] = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--persist"));
  if (action !== "grant" && action !== "revoke") return USAGE;
  const email = (rawEmail ?? "").trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) return `Not an e-mail address: ${JSON.stringify(rawEmail ?? "")}\n${USAGE}`;
  const role = ROLES.find((r) => r.toLowerCase() === (rawRole ?? "").toLowerCase());
  if (!role) return `Unknown role: ${JSON.stringify(rawRole ?? "")} (one of ${ROLES.join(", ")})\n${USAGE}`;
  return { action, email, role, force: args.includes("--force") };
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The statements of one command, in order: before, change, audit, the User fallback, after. */
export function commandSql({ action, email, role, force }: AdminCommand): string {
  const id = `(SELECT id FROM users WHERE email = ${quote(email)} AND deleted_at IS NULL)`;
  const account = `SELECT u.id, u.is_active AS isActive, u.email_confirmed AS emailConfirmed, (SELECT group_concat(role) FROM user_roles WHERE user_id = u.id) AS roles FROM users u WHERE u.id = ${id};`;
  // A grant reaches only a verified account unless forced (checked in the write itself).
  const verified = force ? "" : ` AND EXISTS (SELECT 1 FROM users WHERE id = ${id} AND email_confirmed = 1)`;
  const change =
    action === "grant"
      ? `INSERT OR IGNORE INTO user_roles (user_id, role) SELECT ${id}, ${quote(role)} WHERE ${id} IS NOT NULL${verified};`
      : // User only while the member keeps another role; Admin only while the member is not an
        // active admin or another active admin exists.
        `DELETE FROM user_roles WHERE user_id = ${id} AND role = ${quote(role)}
          AND (${quote(role)} <> 'User' OR EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${id} AND role <> 'User'))
          AND (${quote(role)} <> 'Admin'
            OR NOT EXISTS (SELECT 1 FROM users WHERE id = ${id} AND is_active = 1)
            OR EXISTS (SELECT 1 FROM user_roles r JOIN users o ON o.id = r.user_id
                       WHERE r.role = 'Admin' AND o.is_active = 1 AND o.deleted_at IS NULL AND r.user_id <> ${id}));`;
  const details = JSON.stringify({ [action === "grant" ? "granted" : "removed"]: role, by: "npm run admin", ...(force && action === "grant" ? { forced: true } : {}) });
  // The audit row only when the change statement changed a row (changes() reads the statement just before).
  const audit = `INSERT INTO audit_log (user_id, action, entity_type, entity_id, details)
    SELECT NULL, 'update', 'user_roles', CAST(${id} AS TEXT), ${quote(details)} WHERE changes() > 0;`;
  // A member keeps at least one role: one whose only role was removed is a User.
  const keepOne = `INSERT INTO user_roles (user_id, role) SELECT ${id}, 'User'
    WHERE ${id} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${id});`;
  return [account, change, audit, keepOne, account].join("\n");
}

type Account = { id: number; isActive: number; emailConfirmed: number; roles: string | null };
type Outcome = { ok: boolean; message: string };

const rolesOf = (account: Account) => (account.roles ?? "").split(",").filter(Boolean);

/** What the before and after reads say happened. */
export function outcomeOf(command: AdminCommand, before: Account | undefined, after: Account | undefined): Outcome {
  const { action, email, role } = command;
  if (!before || !after) return { ok: false, message: `No account with the e-mail ${email}. Register it on the site first, then run this again.` };
  const had = rolesOf(before).includes(role);
  const has = rolesOf(after).includes(role);
  const roles = rolesOf(after).join(", ");
  const inactive = after.isActive ? "" : ` Note: the account is deactivated; an administrator can activate it on /admin/users.`;
  if (action === "grant") {
    if (had) return { ok: true, message: `${email} already has the ${role} role (roles: ${roles}).${inactive}` };
    if (!has && !before.emailConfirmed && !command.force) {
      return {
        ok: false,
        message:
          `Refused: ${email} has not verified its e-mail address. Anyone can register an address they do not own, so this ` +
          `account may belong to someone else, who would get the ${role} role. Have the owner verify the address (the link in ` +
          `the verification mail), or run again with --force if you are sure the account is the intended one.`,
      };
    }
    return has
      ? { ok: true, message: `Granted ${role} to ${email} (roles: ${roles}).${inactive}` }
      : { ok: false, message: `Could not grant ${role} to ${email}.` };
  }
  if (!had) return { ok: true, message: `${email} does not have the ${role} role (roles: ${roles}).` };
  if (!has) return { ok: true, message: `Removed ${role} from ${email} (roles: ${roles}).` };
  if (role === "User") return { ok: false, message: `Refused: User is the only role of ${email}; a member keeps at least one role.` };
  return { ok: false, message: `Refused: ${email} is the last active administrator. Grant Admin to someone else first.` };
}

/** The wrangler command line that runs `sql` on the deployed database or a local state folder. */
export const wranglerArgs = (sql: string, target: { remote: boolean; persistTo: string }) => [
  "wrangler",
  "d1",
  "execute",
  "DB",
  ...(target.remote ? ["--remote"] : ["--local", "--persist-to", target.persistTo]),
  "--json",
  "--command",
  sql,
];

/** Runs the statements through wrangler and returns each statement's rows. */
function execute(sql: string, target: { remote: boolean; persistTo: string }): Record<string, unknown>[][] {
  const run = spawnSync("npx", wranglerArgs(sql, target), {
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" },
  });
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed (exit ${run.status}):\n${run.stderr || run.stdout}`);
  const parsed = JSON.parse(run.stdout) as { results?: Record<string, unknown>[] }[];
  return parsed.map((statement) => statement.results ?? []);
}

function main(): number {
  const args = process.argv.slice(2);
  const command = parseCommand(args);
  if (typeof command === "string") {
    console.error(command);
    return 2;
  }
  const remote = args.includes("--remote");
  const results = execute(commandSql(command), { remote, persistTo: argValue("--persist-to") ?? DEFAULT_PERSIST_DIR });
  const outcome = outcomeOf(command, results[0]?.[0] as Account | undefined, results.at(-1)?.[0] as Account | undefined);
  const where = remote ? "the deployed database" : "the local database";
  (outcome.ok ? console.log : console.error)(`${outcome.ok ? "✔" : "✖"} ${outcome.message} (${where})`);
  return outcome.ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exit(main());
  } catch (err) {
    console.error(`✖ ${(err as Error).message}`);
    process.exit(1);
  }
}
