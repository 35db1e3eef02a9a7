/**
 * Sign-in locks that protect members instead of shutting them out (docs/decisions/0023-sign-in-locks.md):
 * per (network, account) locks, the same answers for unknown addresses, wrong passwords and
 * accounts locked elsewhere, the unlock link, and the per-account brake.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BRAKE_THRESHOLD } from "../../worker/db/queries/sign-in";
import { call, createUser, linkToken, outboxFor, uniqueEmail, uniqueIp, waitForOutbox } from "./helpers";

const WRONG = "Wrong#Pass1";
const LOCKED = { code: "account_locked", message: "Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes." };
const INVALID = { code: "invalid_credentials", message: "Invalid email or password." };

const login = (email: string, password: string, ip: string) => call("/api/auth/login", { method: "POST", json: { email, password }, ip });
const unlock = (token: string) => call("/api/auth/unlock", { method: "POST", json: { token }, ip: uniqueIp() });

/** Four wrong passwords from `ip` (401 each), then the fifth: the lock. */
async function lockFrom(email: string, ip: string) {
  for (let i = 0; i < 4; i++) expect((await login(email, WRONG, ip)).status).toBe(401);
  return login(email, WRONG, ip);
}

const unlockMails = async (email: string) => (await outboxFor(email)).filter((m) => m.subject.includes("locked"));

describe("locks per network", () => {
  it("5 wrong passwords from one network answer 401 ×4 then 423; the right password is 423 from there and 200 from another network", async () => {
    const u = await createUser(env);
    const ip = uniqueIp();
    const fifth = await lockFrom(u.email, ip);
    expect(fifth.status).toBe(423);
    expect(await fifth.json()).toEqual(LOCKED);
    const right = await login(u.email, u.password, ip);
    expect(right.status).toBe(423);
    expect(await right.json()).toEqual(LOCKED);
    // The owner elsewhere is not locked out.
    expect((await login(u.email, u.password, uniqueIp())).status).toBe(200);
    const lock = await env.DB.prepare("SELECT locked_until FROM login_locks WHERE network = ?").bind(ip).first<{ locked_until: string }>();
    const minutes = (Date.parse(lock!.locked_until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it("a lock from an IPv6 address covers its whole /64 (423) but not the next /64 (200)", async () => {
    const u = await createUser(env);
    const group = () => ((Math.random() * 0xffff) | 0).toString(16);
    const prefix = `2001:db8:${group()}:${group()}`;
    expect((await lockFrom(u.email, `${prefix}::1`)).status).toBe(423);
    expect((await login(u.email, u.password, `${prefix}:aaaa:bbbb:cccc:dddd`)).status).toBe(423);
    expect((await login(u.email, u.password, `${prefix.replace(/:[^:]+$/, ":ffff")}::1`)).status).toBe(200);
  });

  it("the lock ends after its 15 minutes (200 with the right password) and the count starts again", async () => {
    const u = await createUser(env);
    const ip = uniqueIp();
    expect((await lockFrom(u.email, ip)).status).toBe(423);
    await env.DB.prepare("UPDATE login_locks SET locked_until = ? WHERE network = ?").bind(new Date(Date.now() - 1000).toISOString(), ip).run();
    expect((await login(u.email, WRONG, ip)).status).toBe(401);
    expect((await login(u.email, u.password, ip)).status).toBe(200);
    const row = await env.DB.prepare("SELECT failures, locked_until FROM login_locks WHERE network = ?").bind(ip).first();
    expect(row).toEqual({ failures: 0, locked_until: null });
  });

  it("a right password after 4 wrong ones signs in (200) and clears the count: 4 more wrong ones are 401 again", async () => {
    const u = await createUser(env);
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await login(u.email, WRONG, ip)).status).toBe(401);
    expect((await login(u.email, u.password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(u.email, WRONG, ip)).status).toBe(401);
  });

  it("checks at most 5 passwords when 20 wrong ones arrive at once from one network: 4 × 401, 16 × 423", async () => {
    const u = await createUser(env);
    const ip = uniqueIp();
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => login(u.email, WRONG, ip)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 423)).toHaveLength(16);
    const row = await env.DB.prepare("SELECT failures FROM login_locks WHERE network = ?").bind(ip).first<{ failures: number }>();
    expect(row!.failures).toBe(5);
  });
});

describe("nothing tells an outsider who is registered", () => {
  it("an unknown address and a wrong password answer the same 401 body; after 5 failures both answer the same 423", async () => {
    const u = await createUser(env);
    const unknown = uniqueEmail("nobody");
    const [ipKnown, ipUnknown] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 4; i++) {
      const [a, b] = await Promise.all([login(u.email, WRONG, ipKnown), login(unknown, WRONG, ipUnknown)]);
      expect([a.status, b.status]).toEqual([401, 401]);
      expect(await a.json()).toEqual(INVALID);
      expect(await b.json()).toEqual(INVALID);
    }
    const [a, b] = await Promise.all([login(u.email, WRONG, ipKnown), login(unknown, WRONG, ipUnknown)]);
    expect([a.status, b.status]).toEqual([423, 423]);
    expect(await a.json()).toEqual(LOCKED);
    expect(await b.json()).toEqual(LOCKED);
  });

  it("an account locked from another network answers a wrong password here 401, exactly as an unknown address", async () => {
    const u = await createUser(env);
    expect((await lockFrom(u.email, uniqueIp())).status).toBe(423);
    const here = uniqueIp();
    const locked = await login(u.email, WRONG, here);
    const unknown = await login(uniqueEmail("nobody"), WRONG, here);
    expect(locked.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await locked.json()).toEqual(await unknown.json());
  });

  it("unknown, wrong and locked answers take the same time: each does one PBKDF2 derivation (fastest of 7 within 2×)", async () => {
    const u = await createUser(env);
    const lockedIp = uniqueIp();
    expect((await lockFrom(u.email, lockedIp)).status).toBe(423);
    const timed = async (send: () => Promise<Response>) => {
      const started = performance.now();
      const res = await send();
      await res.body?.cancel();
      return performance.now() - started;
    };
    const samples: Record<"unknown" | "wrong" | "locked", number[]> = { unknown: [], wrong: [], locked: [] };
    // Interleaved, and the fastest of each kept: other test files run alongside and slow any
    // one request down, never speed it up, so the fastest is the request's own cost.
    for (let i = 0; i < 7; i++) {
      samples.unknown.push(await timed(() => login(uniqueEmail("nobody"), WRONG, uniqueIp())));
      samples.wrong.push(await timed(() => login(u.email, WRONG, uniqueIp())));
      samples.locked.push(await timed(() => login(u.email, u.password, lockedIp)));
    }
    const fastest = Object.values(samples).map((values) => Math.min(...values));
    // Without the derivation a locked answer takes a few milliseconds against tens with it.
    expect(Math.max(...fastest) / Math.min(...fastest)).toBeLessThan(2);
  });
});

describe("the unlock mail", () => {
  it("one lock sends one mail; its link lifts the lock once (200), then answers 404; the right password then signs in from that network", async () => {
    const u = await createUser(env);
    const ip = uniqueIp();
    expect((await lockFrom(u.email, ip)).status).toBe(423);
    // A locked network's further attempts send nothing more.
    expect((await login(u.email, WRONG, ip)).status).toBe(423);
    const mails = await waitForOutbox(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Sign-in to your Realm Codex account was locked on one network");
    expect(mails[0]!.body).toContain(ip);
    const token = linkToken(mails[0]!.body, "/unlock");
    const used = await unlock(token);
    expect(used.status).toBe(200);
    expect(await used.json()).toEqual({ unlocked: true });
    const again = await unlock(token);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "not_found" });
    expect((await login(u.email, u.password, ip)).status).toBe(200);
  });

  it("a second lock sends a second mail; the first link no longer works (404)", async () => {
    const u = await createUser(env);
    const ip = uniqueIp();
    expect((await lockFrom(u.email, ip)).status).toBe(423);
    const first = linkToken((await waitForOutbox(u.email, 1))[0]!.body, "/unlock");
    await env.DB.prepare("UPDATE login_locks SET locked_until = ? WHERE network = ?").bind(new Date(Date.now() - 1000).toISOString(), ip).run();
    expect((await lockFrom(u.email, ip)).status).toBe(423);
    expect((await waitForOutbox(u.email, 2)).length).toBe(2);
    expect((await unlock(first)).status).toBe(404);
  });

  it("a link whose lock already ended answers 400 link_expired; a forged one 404; a truncated one 400 validation_failed", async () => {
    const u = await createUser(env);
    const ip = uniqueIp();
    expect((await lockFrom(u.email, ip)).status).toBe(423);
    const token = linkToken((await waitForOutbox(u.email))[0]!.body, "/unlock");
    await env.DB.prepare("UPDATE login_locks SET locked_until = ? WHERE network = ?").bind(new Date(Date.now() - 1000).toISOString(), ip).run();
    const expired = await unlock(token);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: "link_expired" });
    expect((await unlock("A".repeat(43))).status).toBe(404);
    const truncated = await unlock(token.slice(0, 10));
    expect(truncated.status).toBe(400);
    expect(await truncated.json()).toMatchObject({ code: "validation_failed" });
  });

  it("an address without an account is locked alike but mails nobody", async () => {
    const unknown = uniqueEmail("nobody");
    expect((await lockFrom(unknown, uniqueIp())).status).toBe(423);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await unlockMails(unknown)).toHaveLength(0);
  });
});

describe("the per-account brake", () => {
  /** Spends the brake's threshold of wrong passwords, one from each of as many networks. */
  async function brake(email: string) {
    for (let i = 0; i < BRAKE_THRESHOLD; i++) expect((await login(email, WRONG, uniqueIp())).status).toBe(401);
  }

  it(`past ${BRAKE_THRESHOLD} wrong passwords an hour, unfamiliar networks share one check a minute (then 423 unchecked); the owner's network signs in (200)`, async () => {
    const u = await createUser(env);
    const home = uniqueIp();
    // The owner signed in from home before: that network is familiar.
    expect((await login(u.email, u.password, home)).status).toBe(200);
    await brake(u.email);
    // The first unfamiliar network gets the minute's check (a wrong password: 401)...
    expect((await login(u.email, WRONG, uniqueIp())).status).toBe(401);
    // ...the next ones are refused without a check, even with the right password.
    const refused = await login(u.email, u.password, uniqueIp());
    expect(refused.status).toBe(423);
    expect(await refused.json()).toEqual(LOCKED);
    // The owner at home is spared.
    expect((await login(u.email, u.password, home)).status).toBe(200);
    // A minute later an unfamiliar network gets its check again.
    await env.DB.prepare("UPDATE login_brakes SET next_check_at = ? WHERE next_check_at IS NOT NULL").bind(new Date(Date.now() - 1000).toISOString()).run();
    expect((await login(u.email, u.password, uniqueIp())).status).toBe(200);
  });

  it("brakes an address without an account exactly alike (401 then 423 from fresh networks)", async () => {
    const unknown = uniqueEmail("nobody");
    await brake(unknown);
    expect((await login(unknown, WRONG, uniqueIp())).status).toBe(401);
    expect((await login(unknown, WRONG, uniqueIp())).status).toBe(423);
  });

  it("does not brake before the threshold: the owner from a new network signs in (200)", async () => {
    const u = await createUser(env);
    for (let i = 0; i < BRAKE_THRESHOLD - 1; i++) expect((await login(u.email, WRONG, uniqueIp())).status).toBe(401);
    expect((await login(u.email, u.password, uniqueIp())).status).toBe(200);
  });
});
