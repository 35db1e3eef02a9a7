import { appServer } from "@app/server";
import { describe, expect, it } from "vitest";
import { call, pageMain, visibleText } from "./helpers";

const html = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

/** A URL of the pattern: each parameter filled with a value the page's API answers (a missing item, for ids). */
const example = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => (name === "slug" ? "no-such-guide" : "999999"));

describe("the route table's pages (web/src/app/routes.ts), served by the Worker", () => {
  it("every page the SPA knows is served: an HTML page rendered by React with the security headers, never the 'Page Not Found' page", async () => {
    const served = appServer.pages.filter((page) => page.path !== "*");
    expect(served.length).toBeGreaterThan(25);
    for (const { path: pattern } of served) {
      const path = example(pattern);
      const res = await call(path, { headers: html });
      // A page of an item that does not exist is that page's own "Not Found" view (404).
      expect([200, 404], path).toContain(res.status);
      expect(res.headers.get("Content-Type"), path).toContain("text/html");
      expect(res.headers.get("Content-Security-Policy"), path).toContain("default-src 'self'");
      const body = await res.text();
      expect(pageMain(body), path).toBeTruthy();
      expect(body, path).not.toContain("<title>Page Not Found");
    }
  });

  it("member pages (profile, admin) are the shell with the page area waiting for the browser, never indexed", async () => {
    for (const path of ["/profile", "/admin", "/admin/users", "/admin/news/edit/12", "/admin/factions/3/edit", "/admin/media/7/edit", "/admin/settings"]) {
      const res = await call(path, { headers: html });
      expect(res.status, path).toBe(200);
      const body = await res.text();
      expect(pageMain(body), path).toContain('<div aria-busy="true" data-page-slot=""></div>');
      expect(body, path).toContain('<meta name="robots" content="noindex"');
      expect(body, path).toContain("<header");
    }
  });

  it("sign-in and sign-up are rendered with their forms, not indexed", async () => {
    for (const [path, heading] of [["/login", "Sign In"], ["/register", "Create Account"]] as const) {
      const body = await (await call(path, { headers: html })).text();
      expect(visibleText(pageMain(body)!), path).toContain(heading);
      expect(pageMain(body), path).toContain('type="password"');
      expect(body, path).toContain('<meta name="robots" content="noindex"');
    }
  });

  it("revalidate: a browser holding the current page gets 304, and an unknown path with that validator still its 404 page", async () => {
    const first = await call("/login", { headers: html });
    const etag = first.headers.get("ETag");
    await first.text();
    expect(etag).toBeTruthy();
    const again = await call("/login", { headers: { ...html, "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    const unknown = await call("/nope", { headers: { ...html, "If-None-Match": etag! } });
    expect(unknown.status).toBe(404);
    expect(visibleText(pageMain(await unknown.text())!)).toContain("Page Not Found");
  });

  it("with a trailing slash (or as /index.html), redirect permanently to the page's one URL (query kept)", async () => {
    for (const [path, location] of [
      ["/index.html", "/"],
      ["/index.html?utm_source=feed", "/?utm_source=feed"],
      ["/news/", "/news"],
      ["/login/?next=%2Fprofile", "/login?next=%2Fprofile"],
      ["/units/4/", "/units/4"],
      ["/admin/news/create/", "/admin/news/create"],
    ]) {
      const res = await call(path!, { headers: html, redirect: "manual" });
      expect(res.status, path).toBe(301);
      const target = new URL(res.headers.get("Location")!, "http://example.com");
      expect(target.origin + target.pathname + target.search, path).toBe(`http://example.com${location}`);
    }
  });
});

describe("a path that is no page", () => {
  it("answers a browser 404 with the app's Page Not Found page, not indexed", async () => {
    for (const path of ["/nope", "/news/5/comments", "/admin/unknown", "/wp-login.php", "/route-modules.json", "//evil.example/"]) {
      const res = await call(path, { headers: html, redirect: "manual" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type"), path).toContain("text/html");
      expect(res.headers.get("X-Frame-Options"), path).toBe("DENY");
      const body = await res.text();
      expect(body, path).toContain("<title>Page Not Found");
      expect(body, path).toContain('<meta name="robots" content="noindex"');
      // The page itself, rendered by React: its heading and the links home and to the news.
      const main = pageMain(body)!;
      expect(visibleText(main), path).toContain("404 Page Not Found");
      expect(main, path).toMatch(/<a [^>]*href="\/"[^>]*>Go Home<\/a><a [^>]*href="\/news"[^>]*>Latest News<\/a>/);
      expect(main, path).not.toContain("aria-busy");
    }
  });

  it("answers any other request (a gone script, an icon) 404 in plain text that no cache keeps", async () => {
    for (const [path, accept] of [
      ["/assets/index-gone.js", "*/*"],
      ["/favicon.ico", "image/avif,image/webp,image/png,image/*,*/*;q=0.8"],
      ["/apple-touch-icon.png", "*/*"],
      ["/nope", "application/json"],
    ]) {
      const res = await call(path!, { headers: { Accept: accept! } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type"), path).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("Cache-Control"), path).toBe("no-store");
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(await res.text(), path).toBe("Not Found");
    }
  });

  it("answers other methods 404 too, on app paths and elsewhere", async () => {
    for (const path of ["/login", "/nope", "/news"]) {
      const res = await call(path, { method: "POST", headers: html, body: "x=1" });
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
  });
});
