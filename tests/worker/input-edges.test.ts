/**
 * Inputs that used to reach a 500: control characters in text, over-long R2 keys, and Range
 * headers with last < first.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "../../shared/schemas/text";
import { call, uniqueEmail, uniqueIp, userWithToken } from "./helpers";

type Envelope = { code: string; message: string; errors?: Record<string, string[]> };

const article = (overrides: Record<string, unknown> = {}) => ({
  title: "Edge title",
  summary: "Edge summary",
  content: "Line one\n\tLine two",
  author: "Edge Author",
  tags: ["edge"],
  isPublished: false,
  ...overrides,
});

describe("control characters in text", () => {
  it("hasControlCharacters: tab and newline are text; NUL, CR, ESC, DEL and C1 are not", () => {
    expect(hasControlCharacters("a\tb\nc")).toBe(false);
    expect(hasControlCharacters("émoji 🐉 and ZWJ 👩‍💻")).toBe(false);
    for (const ch of ["\u0000", "\r", "\u001b", "\u007f", "\u0085", "\u009f", "\u0008", "\u000b"]) {
      expect(hasControlCharacters(`a${ch}b`)).toBe(true);
    }
  });

  const bad = ["\u0000", "\u001b[31m", "\r", "\u007f"];

  it("register, login, profile and change-password answer 400 validation_failed naming the field for each control character", async () => {
    const u = await userWithToken(["User"]);
    for (const ch of bad) {
      const cases: [string, string, unknown, string | undefined, string][] = [
        ["POST", "/api/auth/register", { email: uniqueEmail(), password: "Str0ng!Pass", firstName: `Ada${ch}`, lastName: "L" }, undefined, "firstName"],
        ["POST", "/api/auth/login", { email: u.email, password: `pass${ch}word` }, undefined, "password"],
        ["PUT", "/api/auth/profile", { firstName: "Ada", lastName: `L${ch}` }, u.token, "lastName"],
        ["POST", "/api/auth/change-password", { currentPassword: `x${ch}`, newPassword: "N3w!Password" }, u.token, "currentPassword"],
      ];
      for (const [method, path, json, token, field] of cases) {
        const res = await call(path, { method, json, token, ip: uniqueIp() });
        expect(res.status, `${path} ${JSON.stringify(ch)}`).toBe(400);
        const body = (await res.json()) as Envelope;
        expect(body.code).toBe("validation_failed");
        expect(body.errors?.[field]).toContain(CONTROL_CHARACTERS_MESSAGE);
      }
    }
  });

  it("news writes refuse a NUL in any text field (400) and accept tab and newline (201)", async () => {
    const mod = await userWithToken(["Moderator"]);
    for (const field of ["title", "summary", "content", "author"]) {
      const res = await call("/api/news", { method: "POST", token: mod.token, json: article({ [field]: "bad\u0000value" }) });
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as Envelope).errors?.[field]).toContain(CONTROL_CHARACTERS_MESSAGE);
    }
    const tags = await call("/api/news", { method: "POST", token: mod.token, json: article({ tags: ["ok", "b\u0000d"] }) });
    expect(tags.status).toBe(400);
    const ok = await call("/api/news", { method: "POST", token: mod.token, json: article() });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { content: string }).content).toBe("Line one\n\tLine two");
  });

  it("query parameters with control characters answer 400, never 500", async () => {
    const admin = await userWithToken(["Admin"]);
    const paths = [
      "/api/news?search=a%00b",
      "/api/news?tag=%1B",
      "/api/gameinfo?search=a%00b",
      "/api/hero?search=%00",
      "/api/media?search=%00",
    ];
    for (const path of paths) {
      const res = await call(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as Envelope).code).toBe("validation_failed");
    }
    const users = await call("/api/admin/users?search=a%00b", { token: admin.token });
    expect(users.status).toBe(400);
  });
});

describe("/files/ edge cases", () => {
  // One of the site's own assets: public (any other key outside media/ is private).
  const KEY = "portraits/edge/range.bin";
  beforeAll(async () => {
    await env.MEDIA.put(KEY, Uint8Array.from({ length: 50 }, (_, i) => i));
  });

  it("answers a JSON 404 for a key longer than R2's 1024 UTF-8 bytes, even when it has fewer than 1024 characters", async () => {
    const longChars = "é".repeat(513); // 513 characters, 1026 bytes
    for (const key of [longChars, "a".repeat(1025), `dir/${"ü".repeat(600)}`]) {
      const res = await call(`/files/${encodeURIComponent(key)}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as Envelope).code).toBe("not_found");
    }
    expect((await call(`/files/${"a".repeat(1024)}`)).status).toBe(404);
  });

  it("ignores a Range whose last byte is before its first (200 with the whole file), as RFC 9110 says", async () => {
    const res = await call(`/files/${KEY}`, { headers: { Range: "bytes=30-10" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Range")).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(50);
    const head = await call(`/files/${KEY}`, { method: "HEAD", headers: { Range: "bytes=9-1" } });
    expect(head.status).toBe(200);
  });

  it("still answers 416 for a range starting past the end and 206 for a valid one", async () => {
    expect((await call(`/files/${KEY}`, { headers: { Range: "bytes=60-70" } })).status).toBe(416);
    expect((await call(`/files/${KEY}`, { headers: { Range: "bytes=10-10" } })).status).toBe(206);
  });
});
