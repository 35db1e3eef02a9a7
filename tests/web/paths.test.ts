import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { matchPage, pages } from "@/app/routes";
import { PAGE_TABLE } from "@shared/page-table";
import { buildPath, pagePatterns, paths, queryString, samplePath, type ParamValue } from "@shared/paths";

const paramNames = (pattern: string) => [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);

describe("the page table (shared/page-table.ts) and the paths built from it (shared/paths.ts)", () => {
  it("names each page once; a page with parameters has a sample of exactly them, a page without has none", () => {
    const names = PAGE_TABLE.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of PAGE_TABLE) {
      const sample = "sample" in entry ? Object.keys(entry.sample) : [];
      expect(sample.sort(), entry.name).toEqual(entry.path === "*" ? ["*"] : paramNames(entry.path).sort());
    }
  });

  it("the SPA's route list is the table's, in its order (the module loaders added)", () => {
    expect(pages.map((p) => [p.path, p.module, p.guest, p.sitemap])).toEqual(
      PAGE_TABLE.map((e) => [e.path, e.module, !("guest" in e), "sitemap" in e]),
    );
  });

  // One case per page of the table: a page added there is checked here without a line of its own.
  for (const entry of PAGE_TABLE.filter((e) => e.path !== "*")) {
    it(`paths.${entry.name} round-trips ${entry.path}: the router reads its sample back from the built URL, and shows that page`, () => {
      const sample: Record<string, string> = "sample" in entry ? entry.sample : {};
      const names = paramNames(entry.path);
      const build = paths[entry.name as keyof typeof paths] as (...args: unknown[]) => string;
      const built = names.length === 0 ? build() : names.length === 1 ? build(sample[names[0]!]) : build(sample);
      expect(built).toBe(samplePath(entry));
      expect(matchPath(entry.path, built)?.params).toEqual(sample);
      expect(matchPage(built).route.path).toBe(entry.path);
      expect(pagePatterns[entry.name]).toBe(entry.path);
      // The same page with a query string: the path is unchanged, the query follows it.
      const withQuery = names.length === 0 ? build({ page: 2 }) : names.length === 1 ? build(sample[names[0]!], { page: 2 }) : build(sample, { page: 2 });
      expect(withQuery).toBe(`${built}?page=2`);
    });
  }

  it("encodes parameter values, so a value with a slash or a space stays one segment", () => {
    expect(paths.gameInfoArticle("a/b")).toBe("/game-info/a%2Fb");
    const built = paths.gameInfoArticle("fire & ice");
    expect(built).toBe("/game-info/fire%20%26%20ice");
    expect(decodeURIComponent(matchPath(pagePatterns.gameInfoArticle, built)!.params.slug!)).toBe("fire & ice");
    expect(paths.unit(12)).toBe("/units/12");
    expect(paths.newsArticle(7)).toBe("/news/7");
  });

  it("writes a query from a record (null and undefined left out), URLSearchParams or a written string; an empty one adds nothing", () => {
    expect(paths.news({ tag: "Patch Notes", author: undefined, page: null })).toBe("/news?tag=Patch+Notes");
    expect(paths.search(new URLSearchParams({ q: "fire" }))).toBe("/search?q=fire");
    expect(paths.compare("units=1,2")).toBe("/compare?units=1,2");
    expect(paths.screenshots("?media=4")).toBe("/screenshots?media=4");
    expect(paths.spells("")).toBe("/spells");
    expect(paths.spells(new URLSearchParams())).toBe("/spells");
    expect(queryString({})).toBe("");
  });

  it("refuses to build a path without its parameter (and the type requires it)", () => {
    // @ts-expect-error A route with :id needs an id.
    expect(() => paths.unit()).toThrow(/needs its parameter "id"/);
    expect(() => buildPath("/units/:id", { id: "" as ParamValue })).toThrow();
  });
});
