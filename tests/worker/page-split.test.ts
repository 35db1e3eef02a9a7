import { afterEach, describe, expect, it } from "vitest";
import { COMMENTS_FRAME_PATH } from "@shared/comments-frame";
import { PAGE_TABLE } from "@shared/page-table";
import { samplePath } from "@shared/paths";
import { SETTINGS_ELEMENT_ID } from "@shared/page-data";
import { call, pageMain, resetSettings, setSettings } from "./helpers";

const html = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const settingsTag = `id="${SETTINGS_ELEMENT_ID}"`;

/** Paths the Worker answers that are not pages: the API, R2 files, robots.txt and the comment frame. */
const NOT_PAGES = ["/api/no-such-route", "/files/no/such/file.webp", "/robots.txt", COMMENTS_FRAME_PATH];

describe("the split between pages and the rest (worker/index.ts: the page table's pages, then anything else)", () => {
  afterEach(resetSettings);

  it("every page of the page table, at its sample URL, is rendered by the page renderer with the site's settings", async () => {
    for (const entry of PAGE_TABLE) {
      const path = samplePath(entry);
      const res = await call(path, { headers: html });
      // The worker tests' database has no demo seed: a sample's record may be missing (the page's own 404 view).
      expect([200, 404], path).toContain(res.status);
      expect(res.headers.get("Content-Type"), path).toContain("text/html");
      const body = await res.text();
      expect(pageMain(body), path).toBeTruthy();
      expect(body, path).toContain(settingsTag);
    }
  });

  it("/api, /files, robots.txt and the comment frame are not pages: no page HTML, no site settings in them", async () => {
    const api = await call("/api/no-such-route", { headers: html });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: "not_found" });
    const file = await call("/files/no/such/file.webp", { headers: html });
    expect(file.status).toBe(404);
    expect(file.headers.get("Content-Type") ?? "").not.toContain("text/html");
    await file.body?.cancel();
    const robots = await call("/robots.txt");
    expect(robots.headers.get("Content-Type")).toContain("text/plain");
    expect(await robots.text()).not.toContain(settingsTag);
    const frame = await call(COMMENTS_FRAME_PATH, { headers: html });
    const frameHtml = await frame.text();
    expect(frameHtml).not.toContain(settingsTag);
    expect(pageMain(frameHtml)).toBeNull();
  });

  it("in maintenance every page answers 503 (the settings apply to pages), and no path that is not a page does", async () => {
    await setSettings({ maintenanceMode: true, maintenanceMessage: "Back soon." });
    for (const entry of PAGE_TABLE) {
      const path = samplePath(entry);
      const res = await call(path, { headers: html });
      expect(res.status, path).toBe(503);
      await res.body?.cancel();
    }
    for (const path of NOT_PAGES) {
      const res = await call(path, { headers: html });
      const body = await res.text();
      // The API answers a guest in maintenance itself, in its JSON envelope; the rest as always.
      if (path.startsWith("/api/")) expect(JSON.parse(body), path).toMatchObject({ code: "maintenance_mode" });
      else {
        expect(res.status, path).not.toBe(503);
        expect(body, path).not.toContain("Back soon.");
      }
    }
  });
});
