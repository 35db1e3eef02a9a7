/**
 * The lint rule that keeps shared/ neutral: it imports nothing from worker/ or web/. The fixture
 * tests/fixtures/layout/shared/reaches-out.ts is linted with the project's own eslint.config.js as
 * if it stood at the same path under shared/.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The lines of `fixture` whose imports the rule refuses when it stands at `at`. */
async function refusedLines(fixture: string, at: string): Promise<number[]> {
  const code = readFileSync(path.join(root, "tests/fixtures/layout", fixture), "utf8");
  const [result] = await eslint.lintText(code, { filePath: path.join(root, at) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.line);
}

describe("shared/ imports neither runtime", () => {
  it("refuses imports of worker/ and web/ by relative path, alias, type import and re-export", async () => {
    expect(await refusedLines("shared/reaches-out.ts", "shared/reaches-out.ts")).toEqual([4, 5, 6, 7, 8]);
  });

  it("refuses them from a nested folder of shared/ too", async () => {
    expect(await refusedLines("shared/reaches-out.ts", "shared/schemas/reaches-out.ts")).toEqual([4, 5, 6, 7, 8]);
  });

  it("leaves the same imports alone outside shared/", async () => {
    expect(await refusedLines("shared/reaches-out.ts", "worker/lib/reaches-out.ts")).toEqual([]);
  });
});
