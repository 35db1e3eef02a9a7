import { describe, expect, it } from "vitest";
import { call } from "./helpers";

const html = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

describe("the app's pages that the Worker does not paint", () => {
  it("answer 200 with the app's HTML and the site's security headers", async () => {
    for (const path of ["/login", "/register", "/profile", "/verify-email?token=abc", "/admin", "/admin/users", "/admin/news/edit/12", "/admin/factions/3/edit", "/admin/media/7/edit", "/admin/settings"]) {
      const res = await call(path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type"), path).toContain("text/html");
      expect(res.headers.get("Content-Security-Policy"), path).toContain("default-src 'self'");
      const body = await res.text();
      expect(body, path).toContain('<div id="root">');
      expect(body, path).not.toContain('content="noindex"');
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
    expect(await unknown.text()).toContain(">Page Not Found</h1>");
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
      // The page itself is painted into the app's slot (no longer busy), links home and to the news.
      expect(body, path).toMatch(/<div data-page-slot="">.*<h1 [^>]*>Page Not Found<\/h1>.*<a href="\/" [^>]*>Go Home<\/a><a href="\/news" [^>]*>Latest News<\/a>/s);
      expect(body, path).not.toContain("aria-busy");
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
