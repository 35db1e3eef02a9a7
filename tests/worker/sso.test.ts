import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, resetSettings, setSettings, userWithToken } from "./helpers";

type Sso = {
  tenantId: string;
  region: string | null;
  loginURL: string;
  logoutURL?: string;
  userDataJSONBase64?: string;
  verificationHash?: string;
  timestamp?: number;
};

/** Computed independently of worker/lib/fastcomments.ts. */
async function expectedHash(timestamp: number, payload: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.FASTCOMMENTS_API_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}${payload}`));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
}

const decode = (b64: string) => JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));

describe("GET /api/auth/fastcomments-sso", () => {
  it("answers a guest 200 with only the login/logout URLs and the widget's tenant and region", async () => {
    const res = await call("/api/auth/fastcomments-sso");
    expect(res.status).toBe(200);
    const data = (await res.json()) as Sso;
    expect(data).toEqual({
      tenantId: "test-tenant",
      region: null,
      loginURL: new URL("/login", env.SITE_URL).href,
      logoutURL: new URL("/profile", env.SITE_URL).href,
    });
  });

  it("answers a signed-in user with a payload whose HMAC-SHA256 hash verifies and whose JSON is UTF-8", async () => {
    const u = await userWithToken(["User"], { firstName: "Zoë", lastName: "Ørsted", profilePictureUrl: "/images/icons/avatars/elf-ranger.webp" });
    const before = Date.now();
    const res = await call("/api/auth/fastcomments-sso", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const data = (await res.json()) as Required<Sso>;
    expect(data.timestamp).toBeGreaterThanOrEqual(before);
    expect(data.timestamp).toBeLessThanOrEqual(Date.now());
    expect(data.verificationHash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.verificationHash).toBe(await expectedHash(data.timestamp, data.userDataJSONBase64));
    expect(decode(data.userDataJSONBase64)).toEqual({
      id: String(u.id),
      email: u.email,
      username: "Zoë Ørsted",
      displayName: "Zoë Ørsted",
      avatar: new URL("/images/icons/avatars/elf-ranger.webp", env.SITE_URL).href,
      isAdmin: false,
      isModerator: false,
    });
    expect(data.loginURL).toBe(new URL("/login", env.SITE_URL).href);
    expect(JSON.stringify(data)).not.toMatch(/password|sessionId|"sid"/i);
  });

  it("flags moderators and admins, and never uses the email as the username", async () => {
    const mod = await userWithToken(["User", "Moderator"], { firstName: "", lastName: "" });
    const modData = decode(((await (await call("/api/auth/fastcomments-sso", { token: mod.token })).json()) as Required<Sso>).userDataJSONBase64);
    expect(modData).toMatchObject({ isModerator: true, isAdmin: false, username: mod.email.split("@")[0] });
    expect(modData.username).not.toContain("@");
    expect(modData.avatar).toBeUndefined();
    const admin = await userWithToken(["Admin"], { profilePictureUrl: "/files/avatars/1/a.webp" });
    const adminData = decode(((await (await call("/api/auth/fastcomments-sso", { token: admin.token })).json()) as Required<Sso>).userDataJSONBase64);
    expect(adminData).toMatchObject({ isModerator: true, isAdmin: true, avatar: `${env.SITE_URL.replace(/\/$/, "")}/files/avatars/1/a.webp` });
    // An external picture left in an old row is never handed on.
    const old = await userWithToken(["User"], { profilePictureUrl: "https://tracker.example.com/a.png" });
    const oldData = decode(((await (await call("/api/auth/fastcomments-sso", { token: old.token })).json()) as Required<Sso>).userDataJSONBase64);
    expect(oldData.avatar).toBeUndefined();
  });

  it("leaves an unconfirmed address out of the payload (verification not required); a confirmed one is in it", async () => {
    await setSettings({ requireEmailVerification: false });
    try {
      const unconfirmed = await userWithToken(["User"], { emailConfirmed: false });
      const data = (await (await call("/api/auth/fastcomments-sso", { token: unconfirmed.token })).json()) as Required<Sso>;
      const payload = decode(data.userDataJSONBase64);
      expect(payload.id).toBe(String(unconfirmed.id));
      expect(payload).not.toHaveProperty("email");
      expect(JSON.stringify(payload)).not.toContain(unconfirmed.email);
      const confirmed = await userWithToken(["User"]);
      const confirmedData = (await (await call("/api/auth/fastcomments-sso", { token: confirmed.token })).json()) as Required<Sso>;
      expect(decode(confirmedData.userDataJSONBase64).email).toBe(confirmed.email);
    } finally {
      await resetSettings();
    }
  });

  it("answers 401 for a revoked token rather than silently treating it as a guest", async () => {
    const u = await userWithToken(["User"]);
    await call("/api/auth/logout", { method: "POST", token: u.token });
    expect((await call("/api/auth/fastcomments-sso", { token: u.token })).status).toBe(401);
  });
});

describe("the comment-approval setting (moderateComments; docs/decisions/0028-comment-approval.md)", () => {
  // Approval is the FastComments account's own setting: the site can neither set nor read it, so
  // its flag only tells commenters. Nothing it sends the comment service may pretend otherwise.
  it("only reaches the page as a public flag: the sign-on payload and the widget's settings are the same either way", async () => {
    const member = await userWithToken(["User"], { firstName: "Ada", lastName: "Flag" });
    const read = async () => {
      const sso = (await (await call("/api/auth/fastcomments-sso", { token: member.token })).json()) as Required<Sso>;
      const page = await (await call("/news")).text();
      const widget = page.match(/<script type="application\/json" id="comments-widget">([\s\S]*?)<\/script>/)?.[1];
      const settings = JSON.parse(page.match(/<script type="application\/json" id="site-settings">([\s\S]*?)<\/script>/)![1]!) as { moderateComments: boolean };
      return { user: decode(sso.userDataJSONBase64) as unknown, tenant: [sso.tenantId, sso.region], widget, flag: settings.moderateComments };
    };
    try {
      await setSettings({ moderateComments: true });
      const on = await read();
      await setSettings({ moderateComments: false });
      const off = await read();
      expect([on.flag, off.flag]).toEqual([true, false]);
      expect(off.user).toEqual(on.user);
      expect(off.tenant).toEqual(on.tenant);
      expect(off.widget).toBe(on.widget);
    } finally {
      await resetSettings();
    }
  });
});
