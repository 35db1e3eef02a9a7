import { describe, expect, it } from "vitest";
import { loadPage, matchPage, pages } from "@/app/routes";

describe("the route table (web/src/app/routes.ts)", () => {
  it("every page's module loads and exports its Component; guest pages' first-view reads are functions", async () => {
    for (const route of pages) {
      const module = await loadPage(route);
      expect(typeof module.Component, route.path).toBe("function");
      if (module.firstView) expect(typeof module.firstView, route.path).toBe("function");
    }
  });

  it("declares each path once, ends with the '*' page for unknown paths, and lists only parameterless pages in the sitemap", () => {
    const paths = pages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.at(-1)).toBe("*");
    for (const page of pages.filter((p) => p.sitemap)) expect(page.path, page.path).not.toMatch(/[:*]/);
  });

  it("matches a URL as the router ranks it: static segments before parameters, '*' for anything else", () => {
    expect(matchPage("/news").route.path).toBe("/news");
    expect(matchPage("/news/12")).toEqual({ route: expect.objectContaining({ path: "/news/:id" }), params: { id: "12" } });
    expect(matchPage("/admin/news/create").route.path).toBe("/admin/news/create");
    expect(matchPage("/admin/news/edit/3").route.path).toBe("/admin/news/edit/:id");
    expect(matchPage("/no/such/page").route.path).toBe("*");
    expect(matchPage("/news/12/extra").route.path).toBe("*");
  });

  it("admin and profile pages are for members; the rest (sign-in and the 404 page included) are guest pages", () => {
    const members = pages.filter((p) => !p.guest).map((p) => p.path);
    expect(members.every((path) => path === "/profile" || path.startsWith("/admin"))).toBe(true);
    expect(pages.filter((p) => p.path.startsWith("/admin")).every((p) => !p.guest)).toBe(true);
    expect(matchPage("/login").route.guest).toBe(true);
  });

  it("a guest page's first view names the reads its URL needs, and none for an id that cannot exist", async () => {
    const firstView = async (path: string, params: Record<string, string>) => {
      const { route } = matchPage(new URL(path, "http://x").pathname);
      return (await loadPage(route)).firstView?.({ params, url: new URL(path, "http://x") }) ?? [];
    };
    expect(await firstView("/news/7", { id: "7" })).toEqual(["/api/news/7"]);
    expect(await firstView("/news/abc", { id: "abc" })).toEqual([null]);
    expect(await firstView("/", {})).toEqual(["/api/news?pageSize=3"]);
    expect(await firstView("/search", {})).toEqual([]);
    expect((await firstView("/search?q=dragon", {})).length).toBe(1);
  });
});
