/**
 * Shared helpers for Worker tests (workerd). Users are inserted straight into D1; tokens come
 * either from the real sign-in route (`signIn`) or from a session row made directly
 * (`tokenFor`, no PBKDF2 and no rate limit: use it when the test is not about signing in).
 */
import { env as testEnv } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import type { Role } from "../../worker/db/schema";
import { FAULT_HEADER } from "../../worker/lib/faults";
import { mailText } from "../../worker/lib/mail-link";
import { hashPassword } from "../../worker/lib/password";
import { SESSION_TTL_SECONDS } from "../../worker/db/queries/sessions";
import { signAccessToken } from "../../worker/lib/tokens";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/settings-public";

export const DEFAULT_PASSWORD = "Secret#Pass1";

export type TestUser = { id: number; email: string; password: string; roles: Role[] };

type CreateUserOptions = {
  email?: string;
  password?: string;
  roles?: Role[];
  firstName?: string;
  lastName?: string;
  isActive?: boolean;
  profilePictureUrl?: string | null;
  /** Default true: most tests are not about address verification. */
  emailConfirmed?: boolean;
};

/** PBKDF2 is slow on purpose: hash each distinct password once per test file. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

let counter = 0;
/** A fresh, unique email address for a test user. */
export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Inserts an active user with the given roles (default: User) straight into D1. */
export async function createUser(env: Env = testEnv, options: CreateUserOptions = {}): Promise<TestUser> {
  const email = (options.email ?? uniqueEmail()).trim().toLowerCase();
  const password = options.password ?? DEFAULT_PASSWORD;
  const roles = options.roles ?? ["User"];
  const row = await env.DB.prepare(
    `INSERT INTO users (email, password_hash, first_name, last_name, is_active, profile_picture_url, email_confirmed)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id`,
  )
    .bind(
      email,
      await hashOnce(password),
      options.firstName ?? "Test",
      options.lastName ?? "User",
      options.isActive === false ? 0 : 1,
      options.profilePictureUrl ?? null,
      options.emailConfirmed === false ? 0 : 1,
    )
    .first<{ id: number }>();
  const id = row!.id;
  if (roles.length) {
    await env.DB.batch(roles.map((role) => env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?1, ?2)").bind(id, role)));
  }
  return { id, email, password, roles };
}

/** Makes a session row for the user and signs its access token (fast path, skips /auth/login). */
export async function tokenFor(env: Env = testEnv, userId: number): Promise<string> {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString();
  await env.DB.prepare("INSERT INTO sessions (id, user_id, generation, expires_at) VALUES (?1, ?2, 1, ?3)")
    .bind(sessionId, userId, expiresAt)
    .run();
  return signAccessToken(env, { userId, sessionId, generation: 1 });
}

/** Creates a user with the roles and returns it with a token (fast path). */
export async function userWithToken(roles: Role[] = ["User"], options: CreateUserOptions = {}) {
  const user = await createUser(testEnv, { ...options, roles });
  return { ...user, token: await tokenFor(testEnv, user.id) };
}

let ipCounter = 0;
/** A client IP no other call in this file used (keeps the per-IP auth rate limit out of the way). */
export const uniqueIp = () => {
  const n = ++ipCounter + Math.floor(Math.random() * 60_000);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export type CallInit = Omit<RequestInit, "body"> & {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Serialized as the JSON body (sets Content-Type). */
  json?: unknown;
  /** Raw body (e.g. malformed JSON); use with a Content-Type header. */
  body?: BodyInit | null;
  /** Sent as CF-Connecting-IP. */
  ip?: string;
  /**
   * Let a guest GET be answered from the edge cache (worker/lib/edge-cache.ts). Off by default:
   * route tests check what the Worker computes now, so they send the test-only fault
   * `X-Fault-Injection: edge-cache-miss` (worker/lib/faults.ts; a guest's own
   * `Cache-Control: no-cache` is answered from the cache); tests of the cache itself turn this on.
   */
  edgeCache?: boolean;
};

/** Calls the Worker like a browser would: `call("/api/auth/me", { token })`. */
export function call(path: string, init: CallInit = {}): Promise<Response> {
  const { token, json, ip, edgeCache = false, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!edgeCache) headers.set(FAULT_HEADER, [headers.get(FAULT_HEADER), "edge-cache-miss"].filter(Boolean).join(", "));
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (ip) headers.set("CF-Connecting-IP", ip);
  let body = rest.body;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }
  return exports.default.fetch(new Request(`http://example.com${path}`, { ...rest, headers, body }));
}

/**
 * Every child sitemap /sitemap.xml (a sitemap index) points at, fetched, with its path and text.
 * Children's URLs are absolute on SITE_URL; they are fetched by path from the Worker.
 */
export async function sitemapChildren(send: (path: string) => Promise<Response> = (path) => call(path, { edgeCache: false })) {
  const index = await (await send("/sitemap.xml")).text();
  const paths = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return Promise.all(paths.map(async (path) => ({ path, res: await send(path) })));
}

/** The text of every child sitemap, joined: what the sitemap lists as a whole. */
export async function sitemapText(): Promise<string> {
  return (await Promise.all((await sitemapChildren()).map(({ res }) => res.text()))).join("\n");
}

/** Signs in through POST /api/auth/login (from a fresh IP) and returns the token. */
export async function signIn(email: string, password: string = DEFAULT_PASSWORD): Promise<string> {
  const res = await call("/api/auth/login", { method: "POST", json: { email, password }, ip: uniqueIp() });
  if (res.status !== 200) throw new Error(`signIn(${email}) answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { token: string };
  return body.token;
}

// ---------------------------------------------------------------------------------------------
// Site settings
// ---------------------------------------------------------------------------------------------

let settingsAdmin: Promise<string> | undefined;

/**
 * Changes some site settings through PUT /api/settings as an admin (so the Worker's settings
 * cache sees the change at once, as it would in production) and returns the full settings.
 * Tests that change a setting restore it with `resetSettings()` in a finally/afterEach.
 */
export async function setSettings(changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  settingsAdmin ??= userWithToken(["Admin"]).then((u) => u.token);
  const token = await settingsAdmin;
  const current = (await (await call("/api/settings", { token })).json()) as Record<string, unknown>;
  const { updatedAt: _updatedAt, ...rest } = current;
  const res = await call("/api/settings", { method: "PUT", token, json: { ...rest, ...changes } });
  if (res.status !== 200) throw new Error(`setSettings answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Back to the product's defaults. */
export const resetSettings = () => setSettings({ ...DEFAULT_SITE_SETTINGS });

/** The page's main element as React rendered it into #root (from `<main id="main-content"` to its end), or null. */
export function pageMain(html: string): string | null {
  const start = html.indexOf('<main id="main-content"');
  const end = html.indexOf("</main>", start);
  return start === -1 || end === -1 ? null : html.slice(start, end + "</main>".length);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: "\u00a0" };

/** The text a reader sees in HTML: tags and comments removed, entities decoded, white space collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) =>
      ENTITIES[name.toLowerCase()] ?? (name.startsWith("#x") ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : entity),
    )
    .replace(/\s+/g, " ")
    .trim();
}

/** The JSON of the page's `<script type="application/json" id="initial-missing">` (the API's 404 answers by key), or null. */
export function initialMissing(html: string): Record<string, unknown> | null {
  const match = html.match(/<script type="application\/json" id="initial-missing">([\s\S]*?)<\/script>/);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

// ---------------------------------------------------------------------------------------------
// Account mail
// ---------------------------------------------------------------------------------------------

export type OutboxMail = {
  id: number;
  subject: string;
  /** The text as the sender sends it: the link in place of its mark (worker/lib/mail-link.ts). */
  body: string;
  /** The text as the outbox keeps it (no link). */
  stored: string;
  created_at: string;
};

type StoredRow = { id: number; subject: string; body: string; link_path: string | null; link_nonce: string | null; link_key_id: string | null; created_at: string };

/** The outbox messages to an address, oldest first, each with the text the sender sends. */
export async function outboxFor(address: string): Promise<OutboxMail[]> {
  const { results } = await testEnv.DB.prepare(
    "SELECT id, subject, body, link_path, link_nonce, link_key_id, created_at FROM email_outbox WHERE to_address = ? ORDER BY id",
  )
    .bind(address)
    .all<StoredRow>();
  return Promise.all(
    results.map(async (row) => ({
      id: row.id,
      subject: row.subject,
      body: await mailText(testEnv, { body: row.body, linkPath: row.link_path, linkNonce: row.link_nonce, linkKeyId: row.link_key_id }),
      stored: row.body,
      created_at: row.created_at,
    })),
  );
}

/**
 * Waits until the address has at least `count` messages (some are written after the answer,
 * through waitUntil) and returns them; gives up after `timeoutMs`.
 */
export async function waitForOutbox(address: string, count = 1, timeoutMs = 5000): Promise<OutboxMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await outboxFor(address);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The token of the first `path?token=…` link in a mail body. */
export function linkToken(body: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/-]/g, "\\$&")}\\?token=([A-Za-z0-9_%-]+)`).exec(body);
  if (!match) throw new Error(`no ${path} link in: ${body}`);
  return decodeURIComponent(match[1]!);
}
