import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getSettings } from "../../worker/db/queries/settings";
import { openDatabase } from "../../worker/db/client";
import { call, pageMain, visibleText, createUser, resetSettings, setSettings, sitemapText, uniqueEmail, uniqueIp, userWithToken } from "./helpers";

type Tokens = { user: string; moderator: string; admin: string };
let tokens: Tokens;

beforeAll(async () => {
  const [user, moderator, admin] = await Promise.all([
    userWithToken(["User"]),
    userWithToken(["Moderator"]),
    userWithToken(["Admin"]),
  ]);
  tokens = { user: user.token, moderator: moderator.token, admin: admin.token };
});

afterEach(async () => {
  await resetSettings();
});

const VALID = {
  siteName: "Realm Codex",
  siteDescription: "A fan wiki.",
  enableComments: true,
  moderateComments: true,
  enableRegistration: true,
  requireEmailVerification: true,
  maxFileUploadSize: 10,
  maintenanceMode: false,
  maintenanceMessage: "",
  imageHosts: [] as string[],
};

const put = (json: unknown, token?: string) => call("/api/settings", { method: "PUT", json, token });

describe("GET /api/settings/public", () => {
  it("answers anyone 200 with only the public subset, cached briefly with an ETag (304 on a match)", async () => {
    const res = await call("/api/settings/public");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=5, stale-while-revalidate=30");
    const body = await res.json();
    expect(body).toEqual({
      siteName: "Realm Codex",
      siteDescription: "",
      enableComments: true,
      moderateComments: true,
      enableRegistration: true,
      requireEmailVerification: true,
      maxFileUploadSize: 10,
      maintenanceMode: false,
      maintenanceMessage: "",
      imageHosts: [],
    });
    const again = await call("/api/settings/public", { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("reflects an admin's change at once", async () => {
    await setSettings({ siteName: "Aldermere Wiki", maintenanceMode: true, maintenanceMessage: "Back at noon." });
    const body = (await (await call("/api/settings/public")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ siteName: "Aldermere Wiki", maintenanceMode: true, maintenanceMessage: "Back at noon." });
  });
});

describe("GET /api/settings", () => {
  it("answers a guest 401, a user and a moderator 403, and an admin 200 with every setting", async () => {
    expect((await call("/api/settings")).status).toBe(401);
    expect((await call("/api/settings", { token: tokens.user })).status).toBe(403);
    expect((await call("/api/settings", { token: tokens.moderator })).status).toBe(403);
    const res = await call("/api/settings", { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(Object.keys(await res.json()).sort()).toEqual([...Object.keys(VALID), "updatedAt"].sort());
  });
});

describe("PUT /api/settings", () => {
  it("answers a guest 401 and a user or moderator 403, changing nothing", async () => {
    const changed = { ...VALID, siteName: "Hijacked" };
    expect((await put(changed)).status).toBe(401);
    expect((await put(changed, tokens.user)).status).toBe(403);
    expect((await put(changed, tokens.moderator)).status).toBe(403);
    const body = (await (await call("/api/settings/public")).json()) as { siteName: string };
    expect(body.siteName).toBe("Realm Codex");
  });

  it("answers an admin 200, stores the row in D1 and writes an audit entry with the changed fields", async () => {
    const res = await put({ ...VALID, siteName: "  Aldermere Wiki  ", maxFileUploadSize: 25 }, tokens.admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ siteName: "Aldermere Wiki", maxFileUploadSize: 25 });
    expect(typeof body.updatedAt).toBe("string");
    const row = await env.DB.prepare("SELECT site_name, max_file_upload_size FROM site_settings WHERE id = 1").first();
    expect(row).toEqual({ site_name: "Aldermere Wiki", max_file_upload_size: 25 });
    const audit = await env.DB.prepare(
      "SELECT details FROM audit_log WHERE entity_type = 'site_settings' ORDER BY id DESC LIMIT 1",
    ).first<{ details: string }>();
    expect(JSON.parse(audit!.details)).toMatchObject({ after: { siteName: "Aldermere Wiki", maxFileUploadSize: 25 } });
    expect(JSON.parse(audit!.details).before).toHaveProperty("siteName");
  });

  it.each([
    ["an upload size of 0", { maxFileUploadSize: 0 }, "maxFileUploadSize"],
    ["an upload size of 101", { maxFileUploadSize: 101 }, "maxFileUploadSize"],
    ["a fractional upload size", { maxFileUploadSize: 1.5 }, "maxFileUploadSize"],
    ["an upload size sent as text", { maxFileUploadSize: "10" }, "maxFileUploadSize"],
    ["an empty site name", { siteName: "   " }, "siteName"],
    ["a 101-character site name", { siteName: "x".repeat(101) }, "siteName"],
    // The site name is the sender's name of account mail (a header): one line, no control characters.
    ["a site name with a newline", { siteName: "Realm\nCodex" }, "siteName"],
    ["a site name ending in a newline (trimming would hide it)", { siteName: "Realm Codex\n" }, "siteName"],
    ["a site name starting a header", { siteName: "Realm\r\nBcc: victim@example.com" }, "siteName"],
    ["a site name with a tab", { siteName: "Realm\tCodex" }, "siteName"],
    ["a site name with a line separator", { siteName: "Realm\u2028Codex" }, "siteName"],
    ["a site name with a NEL (C1 control)", { siteName: "Realm\u0085Codex" }, "siteName"],
    ["a flag that is not a boolean", { enableComments: "yes" }, "enableComments"],
    ["a missing flag", { maintenanceMode: undefined }, "maintenanceMode"],
    ["image hosts that are not a list", { imageHosts: "images.example.org" }, "imageHosts"],
    ["missing image hosts", { imageHosts: undefined }, "imageHosts"],
    ["an image host given as a URL", { imageHosts: ["https://images.example.org"] }, "imageHosts"],
    ["an image host with a path", { imageHosts: ["images.example.org/art"] }, "imageHosts"],
    ["an image host with a port", { imageHosts: ["images.example.org:8080"] }, "imageHosts"],
    ["an image host with a space", { imageHosts: ["images example.org"] }, "imageHosts"],
    ["an image host that is an IP address", { imageHosts: ["192.0.2.1"] }, "imageHosts"],
    ["a one-label image host", { imageHosts: ["localhost"] }, "imageHosts"],
    ["a wildcard image host", { imageHosts: ["*.example.org"] }, "imageHosts"],
    ["an image host of 254 characters", { imageHosts: [`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.org`] }, "imageHosts"],
    ["21 image hosts", { imageHosts: Array.from({ length: 21 }, (_, i) => `img${i}.example.org`) }, "imageHosts"],
  ])("answers 400 validation_failed for %s", async (_name, change, field) => {
    const res = await put({ ...VALID, ...change }, tokens.admin);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe("validation_failed");
    expect(Object.keys(body.errors)).toContain(field);
  });

  it("answers an admin 200 with the image hosts as lower-cased hostnames listed once, public to every reader", async () => {
    const hosts = [" Images.Example.ORG ", "images.example.org", "cdn.art-host.example", ...Array.from({ length: 17 }, (_, i) => `img${i}.example.org`)];
    const res = await put({ ...VALID, imageHosts: hosts }, tokens.admin);
    expect(res.status).toBe(200);
    const expected = ["images.example.org", "cdn.art-host.example", ...Array.from({ length: 17 }, (_, i) => `img${i}.example.org`)];
    expect(((await res.json()) as { imageHosts: string[] }).imageHosts).toEqual(expected);
    const row = await env.DB.prepare("SELECT image_hosts FROM site_settings WHERE id = 1").first<{ image_hosts: string }>();
    expect(JSON.parse(row!.image_hosts)).toEqual(expected);
    expect(((await (await call("/api/settings/public")).json()) as { imageHosts: string[] }).imageHosts).toEqual(expected);
    const audit = await env.DB.prepare("SELECT details FROM audit_log WHERE entity_type = 'site_settings' ORDER BY id DESC LIMIT 1").first<{ details: string }>();
    expect(JSON.parse(audit!.details)).toMatchObject({ before: { imageHosts: [] }, after: { imageHosts: expected } });
  });

  it("answers 400 malformed_json for a broken body", async () => {
    const res = await call("/api/settings", {
      method: "PUT",
      token: tokens.admin,
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("malformed_json");
  });
});

describe("settings obeyed", () => {
  const register = () =>
    call("/api/auth/register", {
      method: "POST",
      ip: uniqueIp(),
      json: { email: uniqueEmail("reg"), password: "Secret#Pass1", firstName: "Reg", lastName: "Ister" },
    });

  it("registration off: sign-up answers 403 registration_disabled; back on: 202", async () => {
    await setSettings({ enableRegistration: false });
    const refused = await register();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("registration_disabled");
    await setSettings({ enableRegistration: true });
    expect((await register()).status).toBe(202);
  });

  it("comments off: the comment sign-on answers 403 comments_disabled to guests and users alike", async () => {
    await setSettings({ enableComments: false });
    for (const token of [undefined, tokens.user, tokens.admin]) {
      const res = await call("/api/auth/fastcomments-sso", { token });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("comments_disabled");
    }
    await setSettings({ enableComments: true });
    expect((await call("/api/auth/fastcomments-sso", { token: tokens.user })).status).toBe(200);
  });

  it("email verification required: an unconfirmed user gets no sign-on payload until the setting is off", async () => {
    const unconfirmed = await userWithToken(["User"], { emailConfirmed: false });
    const withheld = (await (await call("/api/auth/fastcomments-sso", { token: unconfirmed.token })).json()) as Record<string, unknown>;
    expect(withheld.emailVerificationRequired).toBe(true);
    expect(withheld.userDataJSONBase64).toBeUndefined();
    expect(withheld.verificationHash).toBeUndefined();
    // A confirmed user gets it.
    const confirmed = (await (await call("/api/auth/fastcomments-sso", { token: tokens.user })).json()) as Record<string, unknown>;
    expect(typeof confirmed.userDataJSONBase64).toBe("string");
    // With the requirement off, the unconfirmed user gets it too.
    await setSettings({ requireEmailVerification: false });
    const allowed = (await (await call("/api/auth/fastcomments-sso", { token: unconfirmed.token })).json()) as Record<string, unknown>;
    expect(typeof allowed.userDataJSONBase64).toBe("string");
    expect(allowed.emailVerificationRequired).toBeUndefined();
  });

  it("upload limit: getSettings (the reader uploads use) returns the saved maximum size in MB", async () => {
    await setSettings({ maxFileUploadSize: 42 });
    expect((await getSettings(openDatabase(env.DB))).maxFileUploadSize).toBe(42);
  });

  it("upload limit: starting an upload over the saved size answers 413 payload_too_large naming it; at the size it is not refused for size", async () => {
    await setSettings({ maxFileUploadSize: 3 });
    const start = (size: number) =>
      call("/api/uploads", {
        method: "POST",
        token: tokens.moderator,
        json: { fileName: "big.jpg", size, contentType: "image/jpeg", title: "Big", categoryId: 0 },
      });
    const over = await start(3 * 1024 * 1024 + 1);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ code: "payload_too_large", message: "The file is larger than the upload limit of 3 MB." });
    const atLimit = await start(3 * 1024 * 1024);
    expect(atLimit.status).not.toBe(413);
    expect(atLimit.status).toBeLessThan(500);
  });
});

describe("maintenance mode", () => {
  const MESSAGE = "Upgrading the realm, back in an hour.";

  it("answers guests and plain users 503 maintenance_mode with the message and Retry-After on the API", async () => {
    await setSettings({ maintenanceMode: true, maintenanceMessage: MESSAGE });
    for (const token of [undefined, tokens.user]) {
      const res = await call("/api/news", { token });
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("300");
      expect(await res.json()).toEqual({ code: "maintenance_mode", message: MESSAGE });
    }
  });

  it("lets moderators and admins keep working on the API", async () => {
    await setSettings({ maintenanceMode: true, maintenanceMessage: MESSAGE });
    expect((await call("/api/news", { token: tokens.moderator })).status).toBe(200);
    expect((await call("/api/news", { token: tokens.admin })).status).toBe(200);
    expect((await call("/api/admin/dashboard/stats", { token: tokens.moderator })).status).toBe(200);
  });

  it("keeps health and the public settings open, with a default message when none was written", async () => {
    await setSettings({ maintenanceMode: true, maintenanceMessage: "" });
    expect((await call("/api/health")).status).toBe(200);
    const res = await call("/api/settings/public");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { maintenanceMode: boolean; maintenanceMessage: string };
    expect(body.maintenanceMode).toBe(true);
    expect(body.maintenanceMessage).toMatch(/maintenance/i);
  });

  it("lets a moderator sign in but answers a plain user's sign-in 503", async () => {
    const [mod, plain] = await Promise.all([
      createUser(env, { roles: ["Moderator"] }),
      createUser(env, { roles: ["User"] }),
    ]);
    await setSettings({ maintenanceMode: true, maintenanceMessage: MESSAGE });
    const login = (email: string, password: string) =>
      call("/api/auth/login", { method: "POST", ip: uniqueIp(), json: { email, password } });
    expect((await login(mod.email, mod.password)).status).toBe(200);
    const refused = await login(plain.email, plain.password);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { code: string }).code).toBe("maintenance_mode");
  });

  it("serves pages 503 HTML with Retry-After, noindex and the message, but keeps robots.txt; off again: 200", async () => {
    await setSettings({ maintenanceMode: true, maintenanceMessage: "Back <soon> & well" });
    const res = await call("/news", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("300");
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Back &#60;soon&#62; &#38; well");
    expect(html).toContain('<meta name="robots" content="noindex">');
    // The app's maintenance screen, rendered by React inside the shell (no page data in it).
    const main = pageMain(html)!;
    expect(main).toMatch(/<h1 [^>]*>Realm Codex(<!-- -->)? is under maintenance<\/h1>/);
    expect(main).toContain('data-testid="maintenance-message">Back &lt;soon&gt; &amp; well</p>');
    expect(html).not.toContain('id="initial-data"');
    expect((await call("/robots.txt")).status).toBe(200);
    await setSettings({ maintenanceMode: false });
    expect((await call("/news")).status).toBe(200);
  });
});

describe("site name and description", () => {
  it("replace the built-in ones in page titles, share metadata and the feed", async () => {
    await setSettings({ siteName: "Aldermere Wiki", siteDescription: "All about Aldermere." });
    const html = await (await call("/news")).text();
    expect(html).toContain("<title>Latest News | Aldermere Wiki</title>");
    expect(html).toContain('<meta property="og:site_name" content="Aldermere Wiki">');
    expect(html).not.toContain("| Realm Codex");
    expect(html).toContain('id="site-settings"');
    const home = await (await call("/")).text();
    expect(home).toContain('<meta name="description" content="All about Aldermere.">');
    const feed = await (await call("/news/feed.xml")).text();
    expect(feed).toContain('<title type="text">Aldermere Wiki News</title>');
    expect(feed).toContain("All about Aldermere.");
  });

  it("is the header logo's text, the footer's, the home page's welcome and the site's structured data", async () => {
    try {
      await setSettings({ siteName: "Aldermere Wiki" });
      const html = await (await call("/")).text();
      const main = visibleText(html);
      // The logo: the last word in the brand colour, the whole name as the link's name.
      expect(html).toContain('aria-label="Aldermere Wiki home"');
      expect(html).toMatch(/Aldermere <span class="text-brand-700[^"]*">Wiki<\/span>/);
      expect(main).toContain("© 2025 Aldermere Wiki. An unofficial fan site");
      expect(main).toContain("Welcome to Aldermere Wiki");
      // (The VideoGame block names the game, not the site.)
      expect(main.replace(/"@type":"VideoGame","name":"Realm Codex"/, "")).not.toContain("Realm Codex");
      const website = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
        .find((b) => b["@type"] === "WebSite");
      expect(website?.name).toBe("Aldermere Wiki");
    } finally {
      await resetSettings();
    }
  });
});

describe("site name in the site's own descriptions", () => {
  it("renames the forum's and the sign-in page's descriptions, never an article's summary", async () => {
    const article = await env.DB.prepare(
      `INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
       VALUES ('Named', 'Realm Codex turns ten.', 'C', 'Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id`,
    ).first<{ id: number }>();
    try {
      await setSettings({ siteName: "Aldermere Wiki" });
      const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
      expect(description(await (await call("/forum")).text())).toBe(
        "The Aldermere Wiki community forum: discuss strategies, factions, heroes and patches with other players.",
      );
      expect(description(await (await call("/login")).text())).toBe("Sign in to your Aldermere Wiki account.");
      expect(description(await (await call(`/news/${article!.id}`)).text())).toBe("Realm Codex turns ten.");
    } finally {
      await resetSettings();
      await env.DB.prepare("DELETE FROM news_articles WHERE id = ?1").bind(article!.id).run();
    }
  });
});

describe("settings written with the page", () => {
  it.each(["/news", "/factions"])("%s carries the settings once, from the render and from the edge cache alike, and no internal marker", async (path) => {
    await setSettings({ siteName: "Aldermere Wiki", siteDescription: "All about Aldermere." });
    // Bodies are read at once: the cache stores a copy of the body as it is read.
    const read = async (res: Response) => ({ res, html: await res.text() });
    const rendered = await read(await call(path, { edgeCache: true }));
    expect(rendered.res.headers.get("X-Edge-Cache")).toBe("MISS");
    const cached = await read(await call(path, { edgeCache: true }));
    expect(cached.res.headers.get("X-Edge-Cache")).toBe("HIT");
    for (const [how, { res, html }] of [["rendered", rendered], ["from the edge cache", cached]] as const) {
      expect(res.status, how).toBe(200);
      expect(res.headers.has("X-Site-Branded"), how).toBe(false);
      expect(html.match(/id="site-settings"/g), how).toHaveLength(1);
      expect(html, how).toContain('<meta property="og:site_name" content="Aldermere Wiki">');
      expect(html, how).toContain('type="application/atom+xml" href="/news/feed.xml" title="Aldermere Wiki News"');
    }
    await setSettings({ siteName: "Realm Codex", siteDescription: "" });
    const html = await (await call(path, { edgeCache: true })).text();
    expect(html).toContain('<meta property="og:site_name" content="Realm Codex">');
    expect(html).not.toContain("Aldermere");
  });
});

describe("page validators", () => {
  it.each(["/news", "/forum"])("%s: the ETag covers the settings, so after a change the old one gets the new page (200) and the new one a 304", async (path) => {
    const first = await call(path);
    expect(first.status).toBe(200);
    const tag = first.headers.get("ETag")!;
    expect(tag).toMatch(/-s[0-9a-z]+"$/);
    expect((await call(path, { headers: { "If-None-Match": tag } })).status).toBe(304);

    await setSettings({ enableRegistration: false });
    const after = await call(path, { headers: { "If-None-Match": tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("Content-Type")).toContain("text/html");
    expect(await after.text()).toContain('"enableRegistration":false');
    const next = after.headers.get("ETag")!;
    expect(next).not.toBe(tag);
    const cached = await call(path, { headers: { "If-None-Match": next } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
  });
});

describe("comment widget settings in the page", () => {
  it("every page carries the widget's tenant and region while comments are on (a guest's widget needs no API call), and none while they are off", async () => {
    await setSettings({ enableComments: true });
    const html = await (await call("/news")).text();
    const block = html.match(/<script type="application\/json" id="comments-widget">([^<]*)<\/script>/);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual({ tenantId: env.FASTCOMMENTS_TENANT_ID, region: env.FASTCOMMENTS_REGION === "eu" ? "eu" : null });
    await setSettings({ enableComments: false });
    expect(await (await call("/news")).text()).not.toContain('id="comments-widget"');
    await setSettings({ enableComments: true });
  });
});

describe("site name with markup", () => {
  it("is escaped in the title and attributes, with the page's own escaped text left as it was", async () => {
    await setSettings({ siteName: `Tom & "Jerry" <Wiki>` });
    const html = await (await call("/news")).text();
    const name = "Tom &#38; &#34;Jerry&#34; &#60;Wiki&#62;";
    expect(html).toContain(`<title>Latest News | ${name}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="${name}">`);
    expect(html).toContain(`<meta property="og:title" content="Latest News | ${name}">`);
    expect(html).not.toContain("<Wiki>");
  });
});

describe("GET /forum (edge metadata)", () => {
  it("answers 200 HTML titled 'Community Forum' with its canonical URL and breadcrumb", async () => {
    const res = await call("/forum");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Community Forum | Realm Codex</title>");
    expect(html).toContain(`<link rel="canonical" href="${new URL("/forum", env.SITE_URL).href}">`);
    expect(html).toContain('"BreadcrumbList"');
    const sitemap = await sitemapText();
    expect(sitemap).toContain(`<loc>${new URL("/forum", env.SITE_URL).href}</loc>`);
  });
});
