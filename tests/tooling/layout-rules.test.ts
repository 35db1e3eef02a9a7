/**
 * The layout's lint rules, run with the project's own eslint.config.js (docs/decisions/0057-layout-by-runtime.md):
 * shared/ imports nothing from worker/ or web/ (the fixture tests/fixtures/layout/shared/reaches-out.ts,
 * linted as if it stood under shared/), and no file is over 500 lines.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The messages of `rule` for `code` linted as the file `at`. */
async function ruleMessages(code: string, at: string, rule: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, at) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

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

describe("file length", () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const n${i} = ${i};`).join("\n");

  it("refuses a file of 501 lines anywhere, and accepts one of 500", async () => {
    for (const at of ["worker/lib/long.ts", "web/src/features/news/routes/long.tsx", "tests/worker/long.test.ts", "scripts/long.ts"]) {
      expect(await ruleMessages(lines(501), at, "max-lines"), at).toEqual(["File has too many lines (501). Maximum allowed is 500."]);
      expect(await ruleMessages(lines(500), at, "max-lines"), at).toEqual([]);
    }
  });

  it("leaves the schema, the one list of tables, at any length", async () => {
    expect(await ruleMessages(lines(900), "worker/db/schema.ts", "max-lines")).toEqual([]);
  });
});
