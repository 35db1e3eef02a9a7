/**
 * Forgot password: POST /api/auth/forgot-password (always the same answer), the mailed
 * single-use link (one hour), POST /api/auth/reset-password/check and /reset-password.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createUser, linkToken, outboxFor, tokenFor, uniqueEmail, uniqueIp, waitForOutbox } from "./helpers";

const NEW_PASSWORD = "Fresh!Pass2026";
const SAME_ANSWER = { message: "If an account exists for that address, we've sent a link." };

const forgot = (email: string, ip = uniqueIp()) => call("/api/auth/forgot-password", { method: "POST", json: { email }, ip });
const check = (token: string) => call("/api/auth/reset-password/check", { method: "POST", json: { token }, ip: uniqueIp() });
const reset = (token: string, newPassword = NEW_PASSWORD, ip = uniqueIp()) =>
  call("/api/auth/reset-password", { method: "POST", json: { token, newPassword }, ip });
const login = (email: string, password: string, ip = uniqueIp()) => call("/api/auth/login", { method: "POST", json: { email, password }, ip });

const resetMails = async (email: string) => (await outboxFor(email)).filter((m) => m.subject.startsWith("Reset your"));

/** Asks for a reset and returns the token of the mailed link (the mail is written after the answer). */
async function requestLink(email: string): Promise<string> {
  const before = (await resetMails(email)).length;
  expect((await forgot(email)).status).toBe(202);
  const until = Date.now() + 5000;
  let mails = await resetMails(email);
  while (mails.length <= before && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    mails = await resetMails(email);
  }
  expect(mails).toHaveLength(before + 1);
  return linkToken(mails.at(-1)!.body, "/reset-password");
}

/** Waits a moment for work done after an answer (waitUntil), then returns the address's reset mails. */
const settledResetMails = async (email: string) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return resetMails(email);
};

describe("forgot, then reset", () => {
  it("mails a one-hour link (202, the fixed answer); reset answers 204, ends every session, lifts locks, confirms the address and mails a notice", async () => {
    const u = await createUser(env, { emailConfirmed: false });
    const sessions = [await tokenFor(env, u.id), await tokenFor(env, u.id)];
    // A network locked out of the account before the reset.
    const lockedIp = uniqueIp();
    for (let i = 0; i < 5; i++) await login(u.email, "Wrong#Pass1", lockedIp);
    expect((await login(u.email, u.password, lockedIp)).status).toBe(423);

    const asked = await forgot(u.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual(SAME_ANSWER);
    const mail = (await waitForOutbox(u.email, 2)).find((m) => m.subject === "Reset your Realm Codex password");
    expect(mail!.body).toContain(`${env.SITE_URL}/reset-password?token=`);
    expect(mail!.body).toContain("within 60 minutes");
    const token = linkToken(mail!.body, "/reset-password");
    const stored = await env.DB.prepare("SELECT token_hash, expires_at FROM password_reset_tokens WHERE user_id = ?").bind(u.id).first<{ token_hash: string; expires_at: string }>();
    expect(stored!.token_hash).not.toBe(token);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (Date.parse(stored!.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const checked = await check(token);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ email: u.email });

    expect((await reset(token)).status).toBe(204);
    for (const session of sessions) expect((await call("/api/auth/me", { token: session })).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(401);
    // The network that was locked out signs in with the new password.
    const signedIn = await login(u.email, NEW_PASSWORD, lockedIp);
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { emailConfirmed: boolean } }).user.emailConfirmed).toBe(true);
    const notice = (await outboxFor(u.email)).find((m) => m.subject === "Your Realm Codex password was changed");
    expect(notice!.body).toContain("reset with a link");
  });

  it("answers an address without an account exactly as one with an account, and mails nothing", async () => {
    const u = await createUser(env);
    const nobody = uniqueEmail("nobody");
    const [known, unknown] = await Promise.all([forgot(u.email), forgot(nobody)]);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(unknown.headers.get("Content-Type")).toBe(known.headers.get("Content-Type"));
    expect(await settledResetMails(nobody)).toHaveLength(0);
    expect(await settledResetMails(u.email)).toHaveLength(1);
  });

  it("mails nothing to a deactivated account (same 202)", async () => {
    const u = await createUser(env, { isActive: false });
    const res = await forgot(u.email);
    expect(res.status).toBe(202);
    expect(await settledResetMails(u.email)).toHaveLength(0);
  });

  it("refuses a new password that breaks the rules (400 with each rule) and keeps the link usable", async () => {
    const u = await createUser(env);
    const token = await requestLink(u.email);
    const weak = await reset(token, "short");
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { errors: Record<string, string[]> }).errors.newPassword).toContain("Password must be at least 8 characters long.");
    expect((await check(token)).status).toBe(200);
  });
});

describe("links that do not work", () => {
  it("an expired link: check and reset answer 400 link_expired and the password stays", async () => {
    const u = await createUser(env);
    const token = await requestLink(u.email);
    await env.DB.prepare("UPDATE password_reset_tokens SET expires_at = ? WHERE user_id = ?").bind(new Date(Date.now() - 1000).toISOString(), u.id).run();
    for (const res of [await check(token), await reset(token)]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "link_expired" });
    }
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("a used link answers 400 link_used; so does one replaced by a newer request or ended by change-password", async () => {
    const u = await createUser(env);
    const first = await requestLink(u.email);
    const second = await requestLink(u.email);
    expect(second).not.toBe(first);
    const replaced = await check(first);
    expect(replaced.status).toBe(400);
    expect(await replaced.json()).toMatchObject({ code: "link_used" });
    expect((await reset(second)).status).toBe(204);
    const reused = await reset(second, "Another!Pass3");
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: "link_used" });
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);

    const third = await requestLink(u.email);
    const session = await tokenFor(env, u.id);
    const changed = await call("/api/auth/change-password", {
      method: "POST",
      token: session,
      ip: uniqueIp(),
      json: { currentPassword: NEW_PASSWORD, newPassword: "Changed!Pass4" },
    });
    expect(changed.status).toBe(204);
    expect(await (await check(third)).json()).toMatchObject({ code: "link_used" });
  });

  it("an unknown or forged token is 404 not_found, a truncated one 400 validation_failed; nothing changes", async () => {
    const u = await createUser(env);
    const token = await requestLink(u.email);
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const res of [await check(forged), await reset(forged)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
    const truncated = await reset(token.slice(0, 12));
    expect(truncated.status).toBe(400);
    expect(await truncated.json()).toMatchObject({ code: "validation_failed" });
    expect((await check(token)).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(200);
  });
});

describe("rate limits", () => {
  it("per network: the 11th request in an hour from one IPv6 /64 is 429 with Retry-After, whatever the address", async () => {
    const group = () => ((Math.random() * 0xffff) | 0).toString(16);
    const prefix = `2001:db8:${group()}:${group()}`;
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail("spray"), `${prefix}::${i + 1}`)).status).toBe(202);
    const limited = await forgot(uniqueEmail("spray"), `${prefix}::99`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect(await limited.json()).toMatchObject({ code: "rate_limited" });
    expect((await forgot(uniqueEmail("spray"), uniqueIp())).status).toBe(202);
  });

  it("per address: 3 mails an hour; a 4th request from another network answers the same 202 and mails nothing", async () => {
    const u = await createUser(env);
    for (let i = 0; i < 4; i++) {
      const res = await forgot(u.email);
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual(SAME_ANSWER);
    }
    expect(await settledResetMails(u.email)).toHaveLength(3);
  });
});
