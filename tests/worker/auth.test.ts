import { env } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { NEW_PASSWORD_REQUIREMENTS_MESSAGE, PASSWORD_MESSAGES } from "../../shared/schemas/auth";
import { call, createUser, outboxFor, resetSettings, setSettings, signIn, tokenFor, uniqueEmail, uniqueIp, userWithToken, waitForOutbox } from "./helpers";

type Json = Record<string, unknown>;
const post = (path: string, json: unknown, init: { token?: string; ip?: string } = {}) =>
  call(path, { method: "POST", json, ip: init.ip ?? uniqueIp(), token: init.token });
const body = async (res: Response) => (await res.json()) as Json;

/** No response may carry a hash, a session id or lockout internals. */
function expectNoSecrets(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toMatch(/password|hash|sessionId|failedLogin|lockedUntil|"sid"/i);
}

const registration = (overrides: Json = {}) => ({
  email: uniqueEmail("reg"),
  password: "Str0ng!Pass",
  firstName: "Ada",
  lastName: "Lovelace",
  ...overrides,
});

describe("POST /api/auth/register", () => {
  const REGISTERED_ANSWER = { message: "Check your inbox: we've sent a message to that address with what to do next." };

  it("answers 202 { message } (no token), creates the account with the User role, unconfirmed and never signed in, which signs in with its password", async () => {
    const input = registration({ email: "  New.Person@Example.COM " });
    const res = await post("/api/auth/register", input);
    expect(res.status).toBe(202);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await body(res)).toEqual(REGISTERED_ANSWER);
    const row = await env.DB.prepare("SELECT id, email, first_name, last_name, email_confirmed, last_login_at FROM users WHERE email = ?")
      .bind("new.person@example.com")
      .first<{ id: number; email_confirmed: number; last_login_at: string | null; first_name: string }>();
    expect(row).toMatchObject({ first_name: "Ada", email_confirmed: 0, last_login_at: null });
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(row!.id).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
    const me = await call("/api/auth/me", { token: await signIn("new.person@example.com", input.password) });
    const data = await body(me);
    expect(data.user).toMatchObject({
      email: "new.person@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      displayName: "Ada Lovelace",
      roles: ["User"],
      isActive: true,
      emailConfirmed: false,
      profilePictureUrl: null,
    });
    expectNoSecrets(data);
    // The new address gets its verification link.
    const [mail] = await waitForOutbox("new.person@example.com");
    expect(mail!.subject).toBe("Confirm your e-mail address for Realm Codex");
  });

  it("answers an address that already has an account exactly as a new one (202, same body), changes nothing of it, and mails its owner a notice linking to password reset", async () => {
    const existing = await createUser(env, { email: uniqueEmail("taken") });
    const before = await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(existing.id).first();
    const fresh = await post("/api/auth/register", registration());
    const taken = await post("/api/auth/register", registration({ email: ` ${existing.email.toUpperCase()} `, password: "Other!Pass9", firstName: "Eve" }));
    expect([taken.status, fresh.status]).toEqual([202, 202]);
    expect(await body(taken)).toEqual(await body(fresh));
    expect([...taken.headers.keys()].filter((h) => h !== "x-request-id" && h !== "date").sort()).toEqual(
      [...fresh.headers.keys()].filter((h) => h !== "x-request-id" && h !== "date").sort(),
    );
    // The account and its password are as they were.
    expect(await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(existing.id).first()).toEqual(before);
    expect((await post("/api/auth/login", { email: existing.email, password: "Other!Pass9" })).status).toBe(401);
    expect(await signIn(existing.email, existing.password)).toEqual(expect.any(String));
    // Its owner is told, with a link to the password reset page (no token in it).
    const [notice] = await waitForOutbox(existing.email);
    expect(notice!.subject).toBe("Someone tried to sign up to Realm Codex with your address");
    expect(notice!.body).toContain(`${env.SITE_URL}/forgot-password`);
    expect(notice!.body).toContain(existing.email);
    expect(notice!.body).not.toContain("token=");
    // A second try within the hour sends no second notice (the address's budget); the answer is the same.
    const again = await post("/api/auth/register", registration({ email: existing.email }));
    expect(again.status).toBe(202);
    expect(await body(again)).toEqual(REGISTERED_ANSWER);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxFor(existing.email)).toHaveLength(1);
  });

  it("mails nothing to a deactivated account's address, with the same answer", async () => {
    const inactive = await createUser(env, { email: uniqueEmail("inactive"), isActive: false });
    const res = await post("/api/auth/register", registration({ email: inactive.email }));
    expect(res.status).toBe(202);
    expect(await body(res)).toEqual(REGISTERED_ANSWER);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxFor(inactive.email)).toEqual([]);
  });

  it("answers 400 with every password rule broken, each reported separately", async () => {
    const res = await post("/api/auth/register", registration({ password: "" }));
    expect(res.status).toBe(400);
    const data = await body(res);
    expect(data.message).toBe("Validation failed.");
    expect(data.code).toBe("validation_failed");
    expect((data.errors as Json).password).toEqual([
      PASSWORD_MESSAGES.length,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.lowercase,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.special,
    ]);
  });

  it.each([
    ["short", "Ab1!", [PASSWORD_MESSAGES.length]],
    ["no uppercase", "abcdef1!", [PASSWORD_MESSAGES.uppercase]],
    ["no lowercase", "ABCDEF1!", [PASSWORD_MESSAGES.lowercase]],
    ["no number", "Abcdefg!", [PASSWORD_MESSAGES.number]],
    ["no special character", "Abcdefg1", [PASSWORD_MESSAGES.special]],
    ["too long", `Aa1!${"x".repeat(125)}`, [PASSWORD_MESSAGES.tooLong]],
  ])("answers 400 for a password that is %s", async (_label, password, messages) => {
    const res = await post("/api/auth/register", registration({ password }));
    expect(res.status).toBe(400);
    expect(((await body(res)).errors as Json).password).toEqual(messages);
  });

  it("answers 400 with the spec's messages for missing email, first and last name", async () => {
    const res = await post("/api/auth/register", { password: "Str0ng!Pass", email: "  ", firstName: " ", lastName: "" });
    expect(res.status).toBe(400);
    expect((await body(res)).errors).toEqual({
      email: ["Email is required."],
      firstName: ["First name is required."],
      lastName: ["Last name is required."],
    });
  });

  it("answers 400 for absent and wrong-typed fields, bad emails and over-long names", async () => {
    const missing = await body(await post("/api/auth/register", {}));
    expect(Object.keys(missing.errors as Json).sort()).toEqual(["email", "firstName", "lastName", "password"]);
    const typed = await post("/api/auth/register", registration({ firstName: 42, email: ["x"] }));
    expect(typed.status).toBe(400);
    expect(Object.keys((await body(typed)).errors as Json).sort()).toEqual(["email", "firstName"]);
    const badEmail = await post("/api/auth/register", registration({ email: "not-an-email" }));
    expect((await body(badEmail)).errors).toEqual({ email: ["Please enter a valid email address."] });
    const longEmail = await post("/api/auth/register", registration({ email: `${"a".repeat(250)}@example.com` }));
    expect(longEmail.status).toBe(400);
    const longName = await post("/api/auth/register", registration({ lastName: "x".repeat(101) }));
    expect((await body(longName)).errors).toEqual({ lastName: ["Last name must be at most 100 characters long."] });
  });

  it("answers 400 with the envelope for malformed JSON and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    const res = await call("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "x@example.com",',
      ip: uniqueIp(),
    });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ code: "malformed_json", message: "Malformed JSON in request body." });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("answers 403 when site_settings turns registration off, and creates no account", async () => {
    await setSettings({ enableRegistration: false });
    try {
      const input = registration();
      const res = await post("/api/auth/register", input);
      expect(res.status).toBe(403);
      expect(await body(res)).toEqual({ code: "registration_disabled", message: "Registration is currently disabled." });
      const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(input.email).first();
      expect(row).toBeNull();
    } finally {
      await resetSettings();
    }
  });
});

describe("POST /api/auth/login", () => {
  it("answers 200 with { token, user }, stamps lastLoginAt and records the session's agent and IP", async () => {
    const u = await createUser(env, { email: uniqueEmail("login"), firstName: "", lastName: "" });
    const res = await call("/api/auth/login", {
      method: "POST",
      json: { email: ` ${u.email.toUpperCase()}`, password: u.password },
      headers: { "User-Agent": "vitest-agent", "X-Forwarded-For": "6.6.6.6" },
      ip: "203.0.113.9",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const data = await body(res);
    expectNoSecrets(data);
    const user = data.user as Json;
    expect(user).toMatchObject({ id: u.id, email: u.email, roles: ["User"], displayName: u.email.split("@")[0] });
    expect(typeof user.lastLoginAt).toBe("string");
    const session = await env.DB.prepare("SELECT user_agent, ip_address, expires_at FROM sessions WHERE user_id = ?")
      .bind(u.id)
      .first<{ user_agent: string; ip_address: string; expires_at: string }>();
    expect(session).toMatchObject({ user_agent: "vitest-agent", ip_address: "203.0.113.9" });
    const days = (Date.parse(session!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it("answers 401 'Invalid email or password.' for a wrong password and for an unknown email alike", async () => {
    const u = await createUser(env);
    const wrong = await post("/api/auth/login", { email: u.email, password: "Wrong#Pass1" });
    const unknown = await post("/api/auth/login", { email: uniqueEmail("nobody"), password: "Wrong#Pass1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await body(wrong)).toEqual({ code: "invalid_credentials", message: "Invalid email or password." });
    expect(await body(unknown)).toEqual({ code: "invalid_credentials", message: "Invalid email or password." });
  });

  it("answers 403 with a clear message for a deactivated account with the right password", async () => {
    const u = await createUser(env, { isActive: false });
    const res = await post("/api/auth/login", { email: u.email, password: u.password });
    expect(res.status).toBe(403);
    expect((await body(res)).message).toBe("This account has been deactivated. Please contact an administrator.");
    const wrong = await post("/api/auth/login", { email: u.email, password: "Wrong#Pass1" });
    expect(wrong.status).toBe(401);
  });

  it("answers 400 for missing or wrong-typed fields and malformed JSON", async () => {
    const empty = await post("/api/auth/login", {});
    expect(empty.status).toBe(400);
    expect((await body(empty)).errors).toEqual({ email: ["Email is required."], password: ["Password is required."] });
    const typed = await post("/api/auth/login", { email: "a@example.com", password: 12345678 });
    expect(typed.status).toBe(400);
    const long = await post("/api/auth/login", { email: "a@example.com", password: "x".repeat(129) });
    expect(long.status).toBe(400);
    const malformed = await call("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
      ip: uniqueIp(),
    });
    expect(malformed.status).toBe(400);
    expect(await body(malformed)).toEqual({ code: "malformed_json", message: "Malformed JSON in request body." });
  });
});

describe("GET /api/auth/me", () => {
  it("answers 401 for a guest and for a garbage token", async () => {
    expect((await call("/api/auth/me")).status).toBe(401);
    const garbage = await call("/api/auth/me", { token: "not.a.token" });
    expect(garbage.status).toBe(401);
    expect((await body(garbage)).message).toBe("Your session has expired. Please sign in again.");
  });

  it.each([["User"], ["Moderator"], ["Admin"]] as const)("answers 200 with { user } for a %s", async (role) => {
    const u = await userWithToken([role], { firstName: "Grace", lastName: "Hopper" });
    const res = await call("/api/auth/me", { token: u.token });
    expect(res.status).toBe(200);
    const data = await body(res);
    expect(data.user).toMatchObject({ id: u.id, roles: [role], displayName: "Grace Hopper" });
    expect(Object.keys(data.user as Json).sort()).toEqual(
      [
        "createdAt",
        "displayName",
        "email",
        "emailConfirmed",
        "firstName",
        "id",
        "isActive",
        "lastLoginAt",
        "lastName",
        "profilePictureUrl",
        "roles",
      ].sort(),
    );
    expectNoSecrets(data);
  });
});

describe("PUT /api/auth/profile", () => {
  const put = (json: unknown, token?: string) => call("/api/auth/profile", { method: "PUT", json, token });

  it("answers 401 for a guest", async () => {
    expect((await put({ firstName: "A", lastName: "B" })).status).toBe(401);
  });

  it("updates names and the avatar, keeps the avatar when absent, clears it with null or '', never changes the email", async () => {
    const u = await userWithToken(["User"]);
    const set = await put(
      { firstName: " Alan ", lastName: "Turing", profilePictureUrl: "/images/icons/avatars/human-knight.webp", email: "evil@example.com" },
      u.token,
    );
    expect(set.status).toBe(200);
    expect((await body(set)).user).toMatchObject({
      firstName: "Alan",
      displayName: "Alan Turing",
      email: u.email,
      profilePictureUrl: "/images/icons/avatars/human-knight.webp",
    });
    const kept = await body(await put({ firstName: "Alan", lastName: "T." }, u.token));
    expect(kept.user).toMatchObject({ lastName: "T.", profilePictureUrl: "/images/icons/avatars/human-knight.webp" });
    const own = await body(await put({ firstName: "A", lastName: "B", profilePictureUrl: "/files/avatars/7/me.webp" }, u.token));
    expect((own.user as Json).profilePictureUrl).toBe("/files/avatars/7/me.webp");
    const cleared = await body(await put({ firstName: "A", lastName: "B", profilePictureUrl: null }, u.token));
    expect((cleared.user as Json).profilePictureUrl).toBeNull();
    await put({ firstName: "A", lastName: "B", profilePictureUrl: "/images/icons/avatars/elf.webp" }, u.token);
    const emptied = await body(await put({ firstName: "A", lastName: "B", profilePictureUrl: "" }, u.token));
    expect((emptied.user as Json).profilePictureUrl).toBeNull();
  });

  it.each([
    ["an http URL", "http://example.com/a.png"],
    ["an https URL on another site (it would learn who views the picture)", "https://cdn.example.com/me.png"],
    ["a protocol-relative URL", "//cdn.example.com/me.png"],
    ["a path outside the avatars folder and the files", "/api/secret.png"],
    ["a files path that climbs out", "/files/../api/x.png"],
    ["a path that climbs out", "/images/icons/avatars/../../x.webp"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["an over-long URL", `https://example.com/${"a".repeat(2040)}`],
    ["a number", 5],
  ])("answers 400 for a profile picture that is %s and changes nothing", async (_label, profilePictureUrl) => {
    const u = await userWithToken(["User"], { firstName: "Keep" });
    const res = await put({ firstName: "Changed", lastName: "B", profilePictureUrl }, u.token);
    expect(res.status).toBe(400);
    expect(Object.keys((await body(res)).errors as Json)).toEqual(["profilePictureUrl"]);
    const row = await env.DB.prepare("SELECT first_name AS f FROM users WHERE id = ?").bind(u.id).first<{ f: string }>();
    expect(row!.f).toBe("Keep");
  });

  it("answers 400 for missing names, over-long names and malformed JSON", async () => {
    const u = await userWithToken(["User"]);
    const missing = await put({}, u.token);
    expect((await body(missing)).errors).toEqual({ firstName: ["First name is required."], lastName: ["Last name is required."] });
    const long = await put({ firstName: "x".repeat(101), lastName: "B" }, u.token);
    expect(long.status).toBe(400);
    const bad = await call("/api/auth/profile", { method: "PUT", token: u.token, headers: { "Content-Type": "application/json" }, body: "[" });
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/auth/change-password", () => {
  it("answers 401 for a guest", async () => {
    expect((await post("/api/auth/change-password", { currentPassword: "x", newPassword: "Str0ng!Pass" })).status).toBe(401);
  });

  it("answers 400 (not 401) for a wrong current password and keeps the session and the old password", async () => {
    const u = await userWithToken(["User"]);
    const res = await post("/api/auth/change-password", { currentPassword: "Wrong#Pass1", newPassword: "N3w!Password" }, { token: u.token });
    expect(res.status).toBe(400);
    expect((await body(res)).errors).toEqual({ currentPassword: ["Current password is incorrect."] });
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
    const outbox = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?").bind(u.email).first<{ n: number }>();
    expect(outbox!.n).toBe(0);
  });

  it("answers 400 for a new password that breaks the rules or equals the current one", async () => {
    const u = await userWithToken(["User"]);
    const weak = await post("/api/auth/change-password", { currentPassword: u.password, newPassword: "weak" }, { token: u.token });
    expect(weak.status).toBe(400);
    expect(((await body(weak)).errors as Json).newPassword).toEqual([NEW_PASSWORD_REQUIREMENTS_MESSAGE]);
    const same = await post("/api/auth/change-password", { currentPassword: u.password, newPassword: u.password }, { token: u.token });
    expect(same.status).toBe(400);
    expect((await body(same)).errors).toEqual({ newPassword: ["New password must be different from current password."] });
    const missing = await post("/api/auth/change-password", {}, { token: u.token });
    expect(Object.keys((await body(missing)).errors as Json).sort()).toEqual(["currentPassword", "newPassword"]);
  });

  it("answers 204, signs out every other session but keeps this one, queues the email, and the new password works", async () => {
    const u = await createUser(env);
    const here = await tokenFor(env, u.id);
    const elsewhere = await tokenFor(env, u.id);
    const res = await post("/api/auth/change-password", { currentPassword: u.password, newPassword: "N3w!Password" }, { token: here });
    expect(res.status).toBe(204);
    expect((await call("/api/auth/me", { token: here })).status).toBe(200);
    expect((await call("/api/auth/me", { token: elsewhere })).status).toBe(401);
    const mail = await env.DB.prepare("SELECT subject, body FROM email_outbox WHERE to_address = ?").bind(u.email).first<{ subject: string; body: string }>();
    expect(mail!.subject).toMatch(/password was changed/i);
    expect(mail!.body).not.toContain("N3w!Password");
    expect((await post("/api/auth/login", { email: u.email, password: u.password })).status).toBe(401);
    expect(await signIn(u.email, "N3w!Password")).toEqual(expect.any(String));
  });
});

describe("POST /api/auth/refresh", () => {
  it("answers 401 for a guest", async () => {
    expect((await call("/api/auth/refresh", { method: "POST" })).status).toBe(401);
  });

  it("rotates: answers { token, user }, the new token works and the old one is refused once the grace has passed", async () => {
    const u = await userWithToken(["Moderator"]);
    const res = await call("/api/auth/refresh", { method: "POST", token: u.token });
    expect(res.status).toBe(200);
    const data = await body(res);
    expectNoSecrets(data);
    expect(data.user).toMatchObject({ id: u.id, roles: ["Moderator"] });
    expect(data.token).not.toBe(u.token);
    expect((await call("/api/auth/me", { token: data.token as string })).status).toBe(200);
    // The replaced token is honoured only for the short grace after the refresh.
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET rotated_at = ? WHERE user_id = ?").bind(new Date(Date.now() - 120_000).toISOString(), u.id).run();
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("/api/auth/me", { token: data.token as string })).status).toBe(200);
  });
});

describe("POST /api/auth/logout and immediate revocation", () => {
  it("answers 401 for a guest", async () => {
    expect((await call("/api/auth/logout", { method: "POST" })).status).toBe(401);
  });

  it("answers 204 and the same token is refused on the very next request; other sessions live on", async () => {
    const u = await createUser(env);
    const token = await signIn(u.email, u.password);
    const other = await tokenFor(env, u.id);
    const res = await call("/api/auth/logout", { method: "POST", token });
    expect(res.status).toBe(204);
    expect((await call("/api/auth/me", { token })).status).toBe(401);
    expect((await call("/api/auth/me", { token: other })).status).toBe(200);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NOT NULL").bind(u.id).first<{ n: number }>();
    expect(row!.n).toBe(1);
  });

  it("ends the session (204) with an access token that expired while the tab slept; the session cannot refresh afterwards (401)", async () => {
    const u = await createUser(env);
    const sessionId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO sessions (id, user_id, generation, expires_at) VALUES (?1, ?2, 1, ?3)")
      .bind(sessionId, u.id, new Date(Date.now() + 86_400_000).toISOString())
      .run();
    // Signed two hours ago: an hour past its expiry.
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 2 * 3600;
    const expired = await new SignJWT({ sid: sessionId, gen: 1 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(u.id))
      .setIssuer(env.JWT_ISSUER)
      .setAudience(env.JWT_AUDIENCE)
      .setIssuedAt(twoHoursAgo)
      .setExpirationTime(twoHoursAgo + 3600)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await call("/api/auth/me", { token: expired })).status).toBe(401);
    const res = await call("/api/auth/logout", { method: "POST", token: expired });
    expect(res.status).toBe(204);
    const row = await env.DB.prepare("SELECT revoked_at FROM sessions WHERE id = ?").bind(sessionId).first<{ revoked_at: string | null }>();
    expect(row!.revoked_at).not.toBeNull();
    expect((await call("/api/auth/refresh", { method: "POST", token: expired })).status).toBe(401);
    // Ending it again, or with a forged token, is 401.
    expect((await call("/api/auth/logout", { method: "POST", token: expired })).status).toBe(401);
    expect((await call("/api/auth/logout", { method: "POST", token: `${expired.slice(0, -2)}xx` })).status).toBe(401);
  });

  it("refuses a token once its session has expired", async () => {
    const u = await userWithToken(["User"]);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(new Date(Date.now() - 1000).toISOString(), u.id).run();
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(401);
  });
});
