/**
 * The lint rule that keeps features apart, run through ESLint's Node API with the project's own
 * eslint.config.js. Each fixture in tests/fixtures/boundaries is linted as if it stood at the
 * same path under web/src, so the rule sees exactly what it would see in the SPA.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const fixtures = path.join(root, "tests/fixtures/boundaries");
const eslint = new ESLint({ cwd: root });

/** Boundary errors for one fixture, as "line: message". */
async function boundaryErrors(fixture: string): Promise<string[]> {
  const code = readFileSync(path.join(fixtures, fixture), "utf8");
  const [result] = await eslint.lintText(code, { filePath: path.join(root, "web/src", fixture) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "boundaries/feature-boundaries")
    .map((m) => `${m.line}: ${m.message}`);
}

const crossFeature = 'Feature "fake-news" must not import feature "fake-game". Move what both need to web/src/components or web/src/lib (or @shared), or merge the features.';

describe("feature boundaries lint rule", () => {
  it("refuses a feature importing another feature by alias, relative path, type import, re-export and import()", async () => {
    expect(await boundaryErrors("features/fake-news/routes/news-page.tsx")).toEqual([
      `2: ${crossFeature}`,
      `3: ${crossFeature}`,
      `4: ${crossFeature}`,
      `5: ${crossFeature}`,
      `10: ${crossFeature}`,
    ]);
  });

  it("refuses components/ importing a feature", async () => {
    expect(await boundaryErrors("components/ui/fake-widget.tsx")).toEqual([
      '2: web/src/components is shared code and must not import feature "fake-news". Move the code it needs out of the feature.',
    ]);
  });

  it("refuses lib/ importing a feature, statically or with import()", async () => {
    const message = 'web/src/lib is shared code and must not import feature "fake-game". Move the code it needs out of the feature.';
    expect(await boundaryErrors("lib/fake-helper.ts")).toEqual([`2: ${message}`, `7: ${message}`]);
  });

  it("accepts a feature importing itself, components, lib and @shared, and the app importing features", async () => {
    expect(await boundaryErrors("features/fake-news/api/get-fake-news.ts")).toEqual([]);
    expect(await boundaryErrors("features/fake-game/api/get-fake-unit.ts")).toEqual([]);
    expect(await boundaryErrors("app/fake-router.tsx")).toEqual([]);
  });
});
