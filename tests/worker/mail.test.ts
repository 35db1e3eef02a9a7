import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAIL_RETENTION_DAYS, MAX_MAIL_ATTEMPTS } from "../../worker/db/queries/mail";
import worker from "../../worker/index";
import { deliverMail, MAIL_QUEUE_NAME, senderName } from "../../worker/jobs/mail";
import { FAULT_HEADER } from "../../worker/lib/faults";
import { LINK_MARK } from "../../worker/lib/mail-link";
import { call, createUser, outboxFor, signIn, uniqueEmail, uniqueIp, waitForOutbox } from "./helpers";

type OutboxRow = {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  link_path: string | null;
  link_nonce: string | null;
  link_key_id: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  failed_at: string | null;
  message_id: string | null;
  claimed_until: string | null;
};

/** The outbox rows to an address as stored, every column. */
const storedFor = (address: string) =>
  env.DB.prepare("SELECT * FROM email_outbox WHERE to_address = ? ORDER BY id").bind(address).all<OutboxRow>().then((r) => r.results);

let messageCounter = 0;
/** Runs the Worker's queue handler on the mail queue with the given outbox ids. */
async function deliver(ids: number[], attempts = 1) {
  const batch = createMessageBatch(
    MAIL_QUEUE_NAME,
    ids.map((outboxId) => ({ id: `m-${++messageCounter}`, timestamp: Date.now(), attempts, body: { outboxId } })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/** Runs the 5-minute cron (the outbox sweep and purge). */
async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const PASSWORD = "Secret#Pass1";

/** Registers a new address (202), signs it in and waits for its verification mail (written after the answer). */
async function register(email = uniqueEmail("verify"), headers: Record<string, string> = {}) {
  const res = await call("/api/auth/register", {
    method: "POST",
    ip: uniqueIp(),
    headers,
    json: { email, password: PASSWORD, firstName: "Vera", lastName: "Fied" },
  });
  expect(res.status).toBe(202);
  const token = await signIn(email, PASSWORD);
  const { user } = (await (await call("/api/auth/me", { token })).json()) as { user: { id: number; emailConfirmed: boolean } };
  await waitForOutbox(email);
  return { email, token, user };
}

const linkToken = (body: string) => {
  const match = body.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no verification link in: ${body}`);
  return decodeURIComponent(match[1]!);
};

/** Ends every address's one-a-minute verification window, as if a minute had passed. */
const aMinuteLater = () =>
  env.DB.prepare("UPDATE rate_counters SET window_ends_at = ? WHERE key LIKE 'mail:verification:60:%'").bind(new Date(Date.now() - 1000).toISOString()).run();

const verify = (token: string) => call("/api/auth/verify-email", { method: "POST", ip: uniqueIp(), json: { token } });

describe("e-mail verification", () => {
  it("registration writes a verification mail with a 24-hour link to the outbox, and the new account is unconfirmed", async () => {
    const { email, user } = await register();
    expect(user.emailConfirmed).toBe(false);
    const [mail] = await outboxFor(email);
    expect(mail!.subject).toBe("Confirm your e-mail address for Realm Codex");
    // The stored text has the link's mark; the sender puts the link there.
    expect(mail!.stored).toContain(LINK_MARK);
    expect(mail!.body).toContain(`${env.SITE_URL}/verify-email?token=`);
    expect(mail!.body).toContain("within 24 hours");
    const stored = await env.DB.prepare("SELECT token_hash, expires_at FROM email_verification_tokens WHERE user_id = ?").bind(user.id).first<{ token_hash: string; expires_at: string }>();
    // Only the hash is stored, never the token from the link.
    expect(stored!.token_hash).not.toBe(linkToken(mail!.body));
    const hours = (Date.parse(stored!.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it("the link confirms the address once (200), a second use answers 400 verification_failed, and the comment sign-on opens", async () => {
    const { email, token: session } = await register();
    const sso = async () => (await (await call("/api/auth/fastcomments-sso", { token: session })).json()) as Record<string, unknown>;
    expect((await sso()).emailVerificationRequired).toBe(true);

    const token = linkToken((await outboxFor(email))[0]!.body);
    const ok = await verify(token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ emailConfirmed: true });
    const me = (await (await call("/api/auth/me", { token: session })).json()) as { user: { emailConfirmed: boolean } };
    expect(me.user.emailConfirmed).toBe(true);
    expect(typeof (await sso()).userDataJSONBase64).toBe("string");

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ code: "verification_failed", message: "This verification link was already used (or replaced by a newer one)." });
  });

  it("answers 400 verification_failed for an expired link and leaves the address unconfirmed", async () => {
    const { email, user } = await register();
    await env.DB.prepare("UPDATE email_verification_tokens SET expires_at = ? WHERE user_id = ?").bind(new Date(Date.now() - 1000).toISOString(), user.id).run();
    const res = await verify(linkToken((await outboxFor(email))[0]!.body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string; message: string }).message).toBe("This verification link has expired. Ask for a new one.");
    const row = await env.DB.prepare("SELECT email_confirmed FROM users WHERE id = ?").bind(user.id).first<{ email_confirmed: number }>();
    expect(row!.email_confirmed).toBe(0);
  });

  it("answers 400 verification_failed for an unknown token and 400 validation_failed for a malformed one", async () => {
    const unknown = await verify("A".repeat(43));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { code: string }).code).toBe("verification_failed");
    const malformed = await verify("<script>");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe("validation_failed");
  });

  it("a resent link replaces the old one (the old one answers 'used'); a confirmed user gets 409", async () => {
    const { email, token: session } = await register();
    const first = linkToken((await outboxFor(email))[0]!.body);
    await aMinuteLater();
    const resend = await call("/api/auth/resend-verification", { method: "POST", token: session, ip: uniqueIp() });
    expect(resend.status).toBe(202);
    const mails = await outboxFor(email);
    expect(mails).toHaveLength(2);
    expect((await verify(first)).status).toBe(400);
    expect((await verify(linkToken(mails[1]!.body))).status).toBe(200);
    const again = await call("/api/auth/resend-verification", { method: "POST", token: session, ip: uniqueIp() });
    expect(again.status).toBe(409);
    expect((await call("/api/auth/resend-verification", { method: "POST", ip: uniqueIp() })).status).toBe(401);
  });
});

describe("resending the verification mail: 1 a minute and 5 a day per address, whatever the network asking", () => {
  const resend = (token: string) => call("/api/auth/resend-verification", { method: "POST", token, ip: uniqueIp() });

  it("a second link within the minute is 429 with Retry-After from any address, and sends nothing", async () => {
    const { email, token } = await register();
    const tooSoon = await resend(token);
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(await tooSoon.json()).toEqual({ code: "rate_limited", message: "You can ask for a new link once a minute. Please wait a moment and try again." });
    expect(await outboxFor(email)).toHaveLength(1);
    await aMinuteLater();
    expect((await resend(token)).status).toBe(202);
    expect(await outboxFor(email)).toHaveLength(2);
  });

  it("the 6th mail of a day (the sign-up's counts) is 429 even a minute later", async () => {
    const { email, token } = await register();
    for (let i = 0; i < 4; i++) {
      await aMinuteLater();
      expect((await resend(token)).status).toBe(202);
    }
    await aMinuteLater();
    const sixth = await resend(token);
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toBe("You asked for 5 links today. Please use the newest one, or try again tomorrow.");
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(await outboxFor(email)).toHaveLength(5);
  });
});

describe("mail sender", () => {
  it("sends an outbox message through the send_email binding and marks it sent with the message id", async () => {
    const { email } = await register();
    const [mail] = await storedFor(email);
    const result = await deliver([mail!.id]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    const [sent] = await storedFor(email);
    expect(sent!.sent_at).not.toBeNull();
    expect(sent!.attempts).toBe(1);
    expect(sent!.message_id).toMatch(/^<.+@.+>$/);
    expect(sent!.claimed_until).toBeNull();
    // Delivering again sends nothing twice.
    await deliver([mail!.id]);
    expect((await storedFor(email))[0]!.attempts).toBe(1);
  });

  it("queues the password-changed mail, naming the account, and sends it", async () => {
    const u = await createUser(env, { email: uniqueEmail("pw") });
    const token = await signIn(u.email, u.password);
    const res = await call("/api/auth/change-password", {
      method: "POST",
      token,
      ip: uniqueIp(),
      json: { currentPassword: u.password, newPassword: "Another#Pass2" },
    });
    expect(res.status).toBe(204);
    const [mail] = await outboxFor(u.email);
    expect(mail!.subject).toBe("Your Realm Codex password was changed");
    expect(mail!.body).toContain(u.email);
    await deliver([mail!.id]);
    expect((await storedFor(u.email))[0]!.sent_at).not.toBeNull();
  });

  it("retries a failed delivery with backoff, counting attempts and keeping the error", async () => {
    const row = await env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body) VALUES ('broken address', 's', 'b') RETURNING id").first<{ id: number }>();
    const result = await deliver([row!.id], 2);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.explicitAcks).toHaveLength(0);
    const stored = await env.DB.prepare("SELECT attempts, last_error, sent_at, failed_at, claimed_until FROM email_outbox WHERE id = ?")
      .bind(row!.id)
      .first<Pick<OutboxRow, "attempts" | "last_error" | "sent_at" | "failed_at" | "claimed_until">>();
    expect(stored).toEqual({ attempts: 1, last_error: expect.stringContaining("undeliverable recipient"), sent_at: null, failed_at: null, claimed_until: null });
  });

  it("gives a message up after the last attempt (acked, failed_at set) instead of retrying for ever", async () => {
    const row = await env.DB.prepare(
      `INSERT INTO email_outbox (to_address, subject, body, attempts) VALUES ('broken address', 's', 'b', ${MAX_MAIL_ATTEMPTS - 1}) RETURNING id`,
    ).first<{ id: number }>();
    const result = await deliver([row!.id]);
    expect(result.retryMessages).toHaveLength(0);
    expect(result.explicitAcks).toHaveLength(1);
    const stored = await env.DB.prepare("SELECT attempts, failed_at FROM email_outbox WHERE id = ?").bind(row!.id).first<{ attempts: number; failed_at: string | null }>();
    expect(stored!.attempts).toBe(MAX_MAIL_ATTEMPTS);
    expect(stored!.failed_at).not.toBeNull();
  });

  it("the cron sends mail still waiting after 5 minutes itself, and not what was sent, given up, just written or being sent", async () => {
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    const soon = new Date(Date.now() + 60_000).toISOString();
    const [waiting, fresh, claimed] = [uniqueEmail("waiting"), uniqueEmail("fresh"), uniqueEmail("claimed")];
    await env.DB.batch([
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body, created_at) VALUES (?, 's', 'b', ?)").bind(waiting, old),
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body) VALUES (?, 's', 'b')").bind(fresh),
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body, created_at, claimed_until) VALUES (?, 's', 'b', ?, ?)").bind(claimed, old, soon),
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body, created_at, sent_at) VALUES ('sent@example.com', 's', 'b', ?, ?)").bind(old, old),
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body, created_at, failed_at) VALUES ('gone@example.com', 's', 'b', ?, ?)").bind(old, old),
    ]);
    await runCron();
    expect((await storedFor(waiting))[0]).toMatchObject({ attempts: 1, sent_at: expect.any(String) });
    expect((await storedFor(fresh))[0]).toMatchObject({ attempts: 0, sent_at: null });
    expect((await storedFor(claimed))[0]).toMatchObject({ attempts: 0, sent_at: null });
  });
});

describe("no stored live token", () => {
  it("the outbox holds no token of the mailed link, before or after sending; the sent link works once", async () => {
    const { email, user } = await register();
    const [mail] = await outboxFor(email);
    const token = linkToken(mail!.body);
    const before = await storedFor(email);
    expect(JSON.stringify(before)).not.toContain(token);
    await deliver([mail!.id]);
    const [after] = await storedFor(email);
    expect(after!.sent_at).not.toBeNull();
    expect(JSON.stringify(after)).not.toContain(token);
    expect(after!.body).toContain(LINK_MARK);
    expect(after!.body).not.toContain("token=");
    // Nor anywhere else in the database: only the token's SHA-256 is kept.
    const dump = JSON.stringify(await env.DB.prepare("SELECT * FROM email_verification_tokens WHERE user_id = ?").bind(user.id).all());
    expect(dump).not.toContain(token);
    expect((await verify(token)).status).toBe(200);
  });

  it("a link whose secret was rotated out while it waited is not sent with a wrong token: the attempt fails and is counted", async () => {
    const { email } = await register();
    const [row] = await storedFor(email);
    await env.DB.prepare("UPDATE email_outbox SET link_key_id = 'gone' WHERE id = ?").bind(row!.id).run();
    const result = await deliverMail(env, row!.id);
    expect(result).toBe("retry");
    expect((await storedFor(email))[0]).toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringContaining("no longer set") });
  });
});

describe("retention", () => {
  it(`the cron deletes outbox rows written more than ${MAIL_RETENTION_DAYS} days ago, sent or not, and keeps newer ones`, async () => {
    const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const [oldSent, oldFailed, oldWaiting, recentSent] = [uniqueEmail("old-sent"), uniqueEmail("old-failed"), uniqueEmail("old-waiting"), uniqueEmail("recent")];
    await env.DB.batch([
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body, created_at, sent_at) VALUES (?, 's', 'b', ?, ?)").bind(oldSent, at(MAIL_RETENTION_DAYS + 1), at(MAIL_RETENTION_DAYS + 1)),
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body, created_at, failed_at) VALUES (?, 's', 'b', ?, ?)").bind(oldFailed, at(MAIL_RETENTION_DAYS + 0.5), at(MAIL_RETENTION_DAYS)),
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body, created_at) VALUES (?, 's', 'b', ?)").bind(oldWaiting, at(MAIL_RETENTION_DAYS + 2)),
      env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body, created_at, sent_at) VALUES (?, 's', 'b', ?, ?)").bind(recentSent, at(MAIL_RETENTION_DAYS - 1), at(MAIL_RETENTION_DAYS - 1)),
    ]);
    await runCron();
    for (const gone of [oldSent, oldFailed, oldWaiting]) expect(await storedFor(gone)).toEqual([]);
    expect(await storedFor(recentSent)).toHaveLength(1);
  });
});

describe("the mail queue down", () => {
  const queueDown = { [FAULT_HEADER]: "mail-queue-unavailable" };

  it("a mail whose announcement failed waits in the outbox; the cron sends it once, and a late queue delivery or another sweep sends nothing again", async () => {
    const { email } = await register(uniqueEmail("queue-down"), queueDown);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [waiting] = await storedFor(email);
    // Not announced: nothing tried it.
    expect(waiting).toMatchObject({ attempts: 0, sent_at: null });
    await env.DB.prepare("UPDATE email_outbox SET created_at = ? WHERE id = ?").bind(new Date(Date.now() - 6 * 60_000).toISOString(), waiting!.id).run();
    await runCron();
    const [sent] = await storedFor(email);
    expect(sent).toMatchObject({ attempts: 1, sent_at: expect.any(String), message_id: expect.stringMatching(/^<.+@.+>$/) });
    await runCron();
    await deliver([waiting!.id]);
    expect((await storedFor(email))[0]).toEqual(sent);
  });

  it("two senders at once (a queue message delivered twice, or the queue and the cron): one sends, the other skips", async () => {
    const row = await env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body) VALUES (?, 's', 'b') RETURNING id").bind(uniqueEmail("twice")).first<{ id: number }>();
    const results = await Promise.all([deliverMail(env, row!.id), deliverMail(env, row!.id)]);
    expect(results.sort()).toEqual(["sent", "skipped"]);
    const stored = await env.DB.prepare("SELECT attempts, sent_at FROM email_outbox WHERE id = ?").bind(row!.id).first<{ attempts: number; sent_at: string | null }>();
    expect(stored!.attempts).toBe(1);
  });

  it("a failed send is retried by the next sender, once: sent, attempts counted, not duplicated", async () => {
    const address = uniqueEmail("retry");
    const row = await env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body) VALUES ('broken address', 's', 'b') RETURNING id").first<{ id: number }>();
    expect(await deliverMail(env, row!.id)).toBe("retry");
    // What made it fail is fixed (here: the address), and the retry goes once.
    await env.DB.prepare("UPDATE email_outbox SET to_address = ? WHERE id = ?").bind(address, row!.id).run();
    const retries = await Promise.all([deliverMail(env, row!.id), deliverMail(env, row!.id)]);
    expect(retries.sort()).toEqual(["sent", "skipped"]);
    expect(await deliverMail(env, row!.id)).toBe("skipped");
    expect((await storedFor(address))[0]).toMatchObject({ attempts: 2, sent_at: expect.any(String), last_error: null });
  });

  it("the budget still holds: a second verification link within the minute is 429 and writes nothing", async () => {
    const { email, token } = await register(uniqueEmail("queue-down-budget"), queueDown);
    const resend = await call("/api/auth/resend-verification", { method: "POST", token, ip: uniqueIp(), headers: queueDown });
    expect(resend.status).toBe(429);
    expect(await resend.json()).toMatchObject({ code: "rate_limited" });
    expect(await storedFor(email)).toHaveLength(1);
  });
});

describe("the sender's name", () => {
  it("is the site name on one line: a name stored with line breaks or control characters (before the settings refused them) cannot start a header", () => {
    expect(senderName("Aldermere Wiki")).toBe("Aldermere Wiki");
    expect(senderName("Realm\r\nBcc: victim@example.com")).toBe("Realm Bcc: victim@example.com");
    expect(senderName("Realm\u2028Codex\t")).toBe("Realm Codex");
    expect(senderName("\n\n")).toBe("Realm Codex");
  });
});
