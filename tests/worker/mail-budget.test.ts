/**
 * Account mail budgets per address (worker/lib/account-mail.ts, ADR 0046): whatever account holds
 * the address, and after it is deleted; every kind within its own limits and one daily total.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../worker/db/queries/mail";
import { ACCOUNT_MAIL_PER_DAY, addressKeyOf, MAIL_DAILY_LIMIT, RESEND_DAILY_LIMIT } from "../../worker/lib/account-mail";
import { call, createUser, outboxFor, signIn, uniqueEmail, uniqueIp, waitForOutbox } from "./helpers";

const PASSWORD = "Loop#Pass2026";

const register = (email: string) =>
  call("/api/auth/register", { method: "POST", ip: uniqueIp(), json: { email, password: PASSWORD, firstName: "Lo", lastName: "Op" } });

/** Waits a moment for work done after an answer (waitUntil), then returns the address's mail. */
const settledOutbox = async (email: string) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return outboxFor(email);
};

/** Ends the address's windows shorter than a day (its one-a-minute, one-an-hour limits), as if time had passed. */
async function shortWindowsOver(email: string) {
  const key = await addressKeyOf(env, email);
  await env.DB.prepare("UPDATE rate_counters SET window_ends_at = ? WHERE key LIKE ? AND key NOT LIKE '%:86400:%'")
    .bind(new Date(Date.now() - 1000).toISOString(), `mail:%:${key}`)
    .run();
}

const rowCounts = () =>
  env.DB.prepare(
    "SELECT (SELECT count(*) FROM email_outbox) AS outbox, (SELECT count(*) FROM email_verification_tokens) AS links, (SELECT count(*) FROM users) AS users",
  ).first();

describe("the verification mail budget belongs to the address, not the account", () => {
  it("register, delete, register again: the 6th verification mail of the day is refused, though each account is new", async () => {
    const email = uniqueEmail("loop");
    for (let round = 1; round <= 6; round++) {
      await shortWindowsOver(email);
      const res = await register(email);
      expect(res.status).toBe(202);
      const token = await signIn(email, PASSWORD);
      if (round < 6) {
        const [mail] = await waitForOutbox(email);
        expect(mail!.subject).toBe("Confirm your e-mail address for Realm Codex");
        expect((await call("/api/account/delete", { method: "POST", token, ip: uniqueIp(), json: { password: PASSWORD } })).status).toBe(204);
        // Deleting the account took its mail out of the outbox (its budget stays).
        expect(await outboxFor(email)).toEqual([]);
        continue;
      }
      // The 6th account was created (same answer), but no mail went to the address.
      expect(await settledOutbox(email)).toEqual([]);
      // Asking again (a minute later) is refused with the envelope, and writes nothing.
      await shortWindowsOver(email);
      const before = await rowCounts();
      const resend = await call("/api/auth/resend-verification", { method: "POST", token, ip: uniqueIp() });
      expect(resend.status).toBe(429);
      expect(Number(resend.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
      expect(await resend.json()).toEqual({ code: "rate_limited", message: RESEND_DAILY_LIMIT });
      expect(await rowCounts()).toEqual(before);
    }
  });

  it("the key is an HMAC of the address under the server's secret: neither the address nor its plain hash is stored", async () => {
    const email = uniqueEmail("keyed");
    expect((await register(email)).status).toBe(202);
    await waitForOutbox(email);
    const key = await addressKeyOf(env, email);
    expect(key).not.toBe(await addressKeyOf({ JWT_SECRET: "another-secret-of-at-least-32-characters!" }, email));
    const keys = (await env.DB.prepare("SELECT key FROM rate_counters WHERE key LIKE ?").bind(`%${key}`).all<{ key: string }>()).results.map((r) => r.key);
    expect(keys.sort()).toEqual([`mail:all:86400:${key}`, `mail:verification:60:${key}`, `mail:verification:86400:${key}`]);
    const all = JSON.stringify((await env.DB.prepare("SELECT key FROM rate_counters").all()).results);
    expect(all).not.toContain(email);
    expect(all).not.toContain(await hashToken(email));
    expect(all).not.toContain(await hashToken(`account:${email}`));
  });
});

describe("every kind of account mail shares the address's daily total", () => {
  it(`sign-up notices, reset links and verification links together stop at ${ACCOUNT_MAIL_PER_DAY} a day; then the same answers, no mail, and a 429 where one is given`, async () => {
    const u = await createUser(env, { email: uniqueEmail("total"), emailConfirmed: false });
    const forgot = () => call("/api/auth/forgot-password", { method: "POST", json: { email: u.email }, ip: uniqueIp() });
    let sent = 0;
    while (sent < ACCOUNT_MAIL_PER_DAY) {
      await shortWindowsOver(u.email);
      // Sign-up notices (at most 3 a day of their own), then reset links (3 an hour, no day limit).
      const res = sent < 3 ? await register(u.email) : await forgot();
      expect(res.status).toBe(202);
      sent++;
      expect(await waitForOutbox(u.email, sent)).toHaveLength(sent);
    }
    const subjects = new Set((await outboxFor(u.email)).map((m) => m.subject));
    expect(subjects).toEqual(new Set(["Reset your Realm Codex password", "Someone tried to sign up to Realm Codex with your address"]));

    await shortWindowsOver(u.email);
    expect((await forgot()).status).toBe(202);
    expect((await register(u.email)).status).toBe(202);
    expect(await settledOutbox(u.email)).toHaveLength(ACCOUNT_MAIL_PER_DAY);
    const token = await signIn(u.email, u.password);
    const resend = await call("/api/auth/resend-verification", { method: "POST", token, ip: uniqueIp() });
    expect(resend.status).toBe(429);
    expect(await resend.json()).toEqual({ code: "rate_limited", message: MAIL_DAILY_LIMIT });
    expect(await outboxFor(u.email)).toHaveLength(ACCOUNT_MAIL_PER_DAY);
  });
});

describe("unlock mail", () => {
  it("at most 3 an hour per address, however many networks lock themselves out", async () => {
    const u = await createUser(env, { email: uniqueEmail("locks") });
    for (let network = 0; network < 4; network++) {
      const ip = uniqueIp();
      for (let i = 0; i < 5; i++) {
        await call("/api/auth/login", { method: "POST", ip, json: { email: u.email, password: "Wrong#Pass1" } });
      }
    }
    await waitForOutbox(u.email, 3);
    const mails = (await settledOutbox(u.email)).filter((m) => m.subject.includes("locked"));
    expect(mails).toHaveLength(3);
  });
});
