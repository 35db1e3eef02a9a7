/**
 * `npm run admin -- grant|revoke <email> <Role>` (scripts/admin.ts) run as a person runs it,
 * against a local D1 of its own: a fresh state folder, migrated, with two registered accounts
 * whose e-mail is verified and one whose e-mail is not.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommand, wranglerArgs } from "../../scripts/admin.ts";

const root = path.resolve(import.meta.dirname, "../..");
const state = `.wrangler/test-admin-${process.pid}`;
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };

const admin = (...args: string[]) => {
  const run = spawnSync(process.execPath, ["scripts/admin.ts", ...args, "--persist-to", state], { cwd: root, encoding: "utf8", env });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
};

/** Rows of one query on the test's local D1. */
function query<T>(sql: string): T[] {
  const run = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql], { cwd: root, encoding: "utf8", env });
  if (run.status !== 0) throw new Error(run.stderr);
  return (JSON.parse(run.stdout) as { results: T[] }[]).at(-1)!.results;
}

const rolesOf = (email: string) =>
  query<{ role: string }>(`SELECT role FROM user_roles WHERE user_id = (SELECT id FROM users WHERE email = '${email}') ORDER BY role`).map((r) => r.role);

beforeAll(() => {
  const migrated = spawnSync(process.execPath, ["scripts/db-migrate.ts", "--persist-to", state], { cwd: root, encoding: "utf8", env });
  if (migrated.status !== 0) throw new Error(migrated.stderr || migrated.stdout);
  query(
    "INSERT INTO users (email, password_hash, email_confirmed) VALUES ('first@site.org', 'x', 1), ('second@site.org', 'x', 1), ('unverified@site.org', 'x', 0);" +
      "INSERT INTO user_roles (user_id, role) SELECT id, 'User' FROM users",
  );
}, 120_000);

afterAll(() => rmSync(path.join(root, state), { recursive: true, force: true }));

describe("npm run admin", () => {
  it("grants Admin by e-mail (exit 0) and writes the audit log; a second grant changes nothing", () => {
    const granted = admin("grant", "First@Site.org", "admin");
    expect(granted.out).toContain("Granted Admin to first@site.org");
    expect(granted.status).toBe(0);
    expect(rolesOf("first@site.org")).toEqual(["Admin", "User"]);
    expect(admin("grant", "first@site.org", "Admin").out).toContain("already has the Admin role");
    const audit = query<{ details: string }>("SELECT details FROM audit_log WHERE entity_type = 'user_roles'");
    expect(audit.map((a) => JSON.parse(a.details))).toContainEqual({ granted: "Admin", by: "npm run admin" });
  }, 60_000);

  it("refuses to remove the last active administrator (exit 1, role kept), then removes it once another admin exists", () => {
    if (!rolesOf("first@site.org").includes("Admin")) admin("grant", "first@site.org", "Admin");
    const refused = admin("revoke", "first@site.org", "Admin");
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("last active administrator");
    expect(rolesOf("first@site.org")).toContain("Admin");
    expect(admin("grant", "second@site.org", "Admin").status).toBe(0);
    const removed = admin("revoke", "first@site.org", "Admin");
    expect(removed.out).toContain("Removed Admin from first@site.org");
    expect(removed.status).toBe(0);
    expect(rolesOf("first@site.org")).toEqual(["User"]);
  }, 60_000);

  it("answers exit 1 for an address without an account and exit 2 for bad arguments, writing nothing", () => {
    const before = query<{ n: number }>("SELECT count(*) AS n FROM user_roles")[0]!.n;
    const nobody = admin("grant", "nobody@site.org", "Admin");
    expect(nobody.status).toBe(1);
    expect(nobody.out).toContain("No account with the e-mail nobody@site.org");
    expect(admin("grant", "x'; DROP TABLE users; --@site.org", "Admin").status).toBe(2);
    expect(admin("promote", "first@site.org", "Admin").status).toBe(2);
    expect(admin("grant", "first@site.org", "Overlord").status).toBe(2);
    expect(query<{ n: number }>("SELECT count(*) AS n FROM user_roles")[0]!.n).toBe(before);
  }, 60_000);

  it("refuses to grant a role to an account whose e-mail is not verified (exit 1, naming --force and the risk), and grants it with --force", () => {
    // Moderator, not Admin: a second administrator would change what the last-administrator test sees (tests run in a shuffled order).
    const audited = () => query<{ details: string }>("SELECT details FROM audit_log WHERE entity_type = 'user_roles'").length;
    const before = audited();
    const refused = admin("grant", "unverified@site.org", "Moderator");
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("Refused: unverified@site.org has not verified its e-mail address");
    expect(refused.out).toContain("may belong to someone else, who would get the Moderator role");
    expect(refused.out).toContain("--force");
    expect(rolesOf("unverified@site.org")).toEqual(["User"]);
    expect(audited()).toBe(before);

    const forced = admin("grant", "unverified@site.org", "Moderator", "--force");
    expect(forced.out).toContain("Granted Moderator to unverified@site.org");
    expect(forced.status).toBe(0);
    expect(rolesOf("unverified@site.org")).toEqual(["Moderator", "User"]);
    const audit = query<{ details: string }>("SELECT details FROM audit_log WHERE entity_type = 'user_roles' ORDER BY id DESC LIMIT 1");
    expect(JSON.parse(audit[0]!.details)).toEqual({ granted: "Moderator", by: "npm run admin", forced: true });
  }, 60_000);

  it("sends the same statements to the deployed database with --remote", () => {
    expect(wranglerArgs("SELECT 1", { remote: true, persistTo: state })).toEqual(["wrangler", "d1", "execute", "DB", "--remote", "--json", "--command", "SELECT 1"]);
    expect(wranglerArgs("SELECT 1", { remote: false, persistTo: state })).toContain("--local");
    expect(parseCommand(["grant", "a@b.org", "moderator", "--remote"])).toEqual({ action: "grant", email: "a@b.org", role: "Moderator", force: false });
    expect(parseCommand(["grant", "a@b.org", "Admin", "--force", "--remote"])).toMatchObject({ force: true });
  });
});
