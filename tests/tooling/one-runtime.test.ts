/**
 * Dev (the Vite plugin), the Worker tests (the Vitest plugin) and wrangler run on one miniflare and
 * one workerd: package.json's `overrides` pin them, and this reads the lockfile so that an upgrade
 * that brings a second copy fails here rather than as a bug that passes in tests and fails in dev.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string }>;
};

/** Every installed copy of a package in the lockfile: its place and version. */
const copies = (name: string) =>
  Object.entries(lock.packages)
    .filter(([place]) => place === `node_modules/${name}` || place.endsWith(`/node_modules/${name}`))
    .map(([place, { version }]) => ({ place, version }));

describe("one runtime", () => {
  for (const name of ["workerd", "miniflare", "wrangler"]) {
    it(`the lockfile holds one version of ${name}`, () => {
      const found = copies(name);
      expect(found.length, `${name} is installed`).toBeGreaterThan(0);
      expect(new Set(found.map((c) => c.version)), JSON.stringify(found)).toHaveProperty("size", 1);
    });
  }

  it("the pinned workerd is the one wrangler was released with", () => {
    const wrangler = JSON.parse(readFileSync(path.join(root, "node_modules/wrangler/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(copies("workerd")[0]?.version).toBe(wrangler.dependencies.workerd);
    expect(copies("miniflare")[0]?.version).toBe(wrangler.dependencies.miniflare);
  });
});
