import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import {
  COMMENT_WIDGET_ORIGINS,
  CONTENT_SECURITY_POLICY,
  headersFile,
  THEME_INIT_HASH,
  THEME_INIT_SCRIPT,
} from "../../worker/lib/security-headers";
import { COMMENTS_FRAME_PATH, COMMENTS_FRAME_SCRIPT } from "../../shared/comments-frame";
import { call } from "./helpers";

describe("CSP for the inline theme script", () => {
  it("THEME_INIT_HASH is the sha256 of THEME_INIT_SCRIPT", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(THEME_INIT_SCRIPT));
    const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(THEME_INIT_HASH).toBe(`'sha256-${base64}'`);
  });

  it("script-src admits only the site's files and the theme script's hash: the app loader is a file of the build, not inline", () => {
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' ${THEME_INIT_HASH};`);
  });

  it("script-src allows the hash and never 'unsafe-inline'; HTML pages carry it (200)", async () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toContain(THEME_INIT_HASH);
    expect(scriptSrc).not.toContain("unsafe-inline");
    const res = await call("/news");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe("the comment widget's frame page", () => {
  it("GET /comments-frame answers 200 HTML whose CSP admits its one inline script by hash, FastComments' origins and only the site as framer", async () => {
    const res = await call(COMMENTS_FRAME_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain(`<script>${COMMENTS_FRAME_SCRIPT}</script>`);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(COMMENTS_FRAME_SCRIPT));
    const hash = `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
    const csp = res.headers.get("Content-Security-Policy")!;
    const directives = Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d]));
    expect(directives["default-src"]).toBe("default-src 'none'");
    expect(directives["script-src"]).toBe(`script-src ${hash} ${COMMENT_WIDGET_ORIGINS.join(" ")}`);
    expect(directives["frame-ancestors"]).toBe("frame-ancestors 'self'");
    expect(res.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    // The site's own pages may frame it (and nothing else may frame them).
    expect(CONTENT_SECURITY_POLICY).toContain("frame-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });
});

describe("the CSP per route: FastComments' origins only in /comments-frame", () => {
  const directives = (csp: string) => Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0]!, d]));
  const mentionsWidget = (csp: string) => COMMENT_WIDGET_ORIGINS.some((origin) => csp.includes(origin)) || csp.includes("fastcomments");
  // A site asset (public without a signature) for the file check; tests run shuffled in CI.
  beforeAll(async () => {
    await env.MEDIA.put("portraits/csp/probe.webp", new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: "image/webp" } });
  });

  it("pages, the app's other pages and real 404s carry the site's CSP, which names no FastComments origin and frames only the site (200, 404)", async () => {
    for (const [path, status] of [["/", 200], ["/news", 200], ["/forum", 200], ["/login", 200], ["/no-such-page", 404]] as const) {
      const res = await call(path);
      expect(res.status, path).toBe(status);
      const csp = res.headers.get("Content-Security-Policy")!;
      expect(csp, path).toBe(CONTENT_SECURITY_POLICY);
      expect(mentionsWidget(csp), path).toBe(false);
      await res.arrayBuffer();
    }
    const site = directives(CONTENT_SECURITY_POLICY);
    expect(site["frame-src"]).toBe("frame-src 'self'");
    expect(site["connect-src"]).toBe("connect-src 'self'");
    expect(site["style-src"]).toBe("style-src 'self' 'unsafe-inline'");
  });

  it("the static assets' _headers file carries the same CSP, without FastComments", () => {
    const file = headersFile();
    expect(file).toContain(`Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`);
    expect(file).not.toContain("fastcomments");
  });

  it("/comments-frame admits FastComments' origins for scripts, styles, fonts, connections, frames and forms; nothing else of the site does (200)", async () => {
    const res = await call(COMMENTS_FRAME_PATH);
    expect(res.status).toBe(200);
    const frame = directives(res.headers.get("Content-Security-Policy")!);
    for (const name of ["script-src", "style-src", "font-src", "connect-src", "frame-src", "form-action"]) {
      for (const origin of COMMENT_WIDGET_ORIGINS) expect(frame[name], name).toContain(origin);
    }
    await res.arrayBuffer();
    const api = await call("/api/health");
    expect(api.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    const file = await call("/files/portraits/csp/probe.webp");
    expect(file.status).toBe(200);
    expect(mentionsWidget(file.headers.get("Content-Security-Policy")!)).toBe(false);
    await file.arrayBuffer();
  });
});
