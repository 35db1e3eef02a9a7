/**
 * scripts/test-summary.ts, run as CI runs it (plain Node) on sample reports in
 * tests/fixtures/test-reports: it counts a test that passed only on a retry as flaky (and still
 * passed), ends with the plain closing line, and exits 1 on a failure or a missing report.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function summary(folder: string) {
  const run = spawnSync(process.execPath, ["scripts/test-summary.ts", "--dir", `tests/fixtures/test-reports/${folder}`], {
    cwd: root,
    encoding: "utf8",
  });
  return { lines: run.stdout.trim().split("\n"), stderr: run.stderr, status: run.status };
}

describe("test summary", () => {
  it("counts tests that passed only after a retry as flaky in both layers and exits 0", () => {
    const { lines, status } = summary("flaky");
    expect(lines).toEqual([
      "flaky (passed on a retry): tests/worker/example.test.ts: example passes on the second try",
      "slowest test files:",
      "     6.0 s  tests/e2e/example.spec.ts",
      "     2.5 s  tests/worker/example.test.ts",
      "unit: 3 passed, 0 failed, 1 flaky, 1 skipped",
      "e2e: 7 passed, 0 failed, 2 flaky, 1 skipped",
      "total: 10 passed, 0 failed, 3 flaky, 2 skipped",
      "10 passed, 0 failed, 2 skipped",
    ]);
    expect(status).toBe(0);
  });

  it("exits 1 when a test failed every try, and when a layer's report is missing", () => {
    const { lines, stderr, status } = summary("failed");
    expect(lines.at(-2)).toBe("total: 1 passed, 1 failed, 0 flaky, 0 skipped");
    expect(lines.at(-1)).toBe("1 passed, 1 failed, 0 skipped");
    expect(stderr).toContain("missing report: tests/fixtures/test-reports/failed/e2e.json");
    expect(status).toBe(1);
  });

  it("prints each failed test with its error and the place it was thrown, in both layers", () => {
    const unit = summary("failed").lines;
    expect(unit).toContain("FAILED tests/web/example.test.tsx › example fails every try");
    // The last try's error, and its place in the project's code (not node_modules).
    expect(unit).toContain("    AssertionError: expected 3 to be 4");
    expect(unit).toContain("        at tests/web/example.test.tsx:12:7");
    expect(unit.join("\n")).not.toContain("node_modules");

    const { lines, status } = summary("failed-e2e");
    const at = lines.indexOf("FAILED tests/e2e/example.spec.ts:8 › a journey that fails");
    expect(at).toBeGreaterThan(-1);
    expect(lines.slice(at + 1, at + 3)).toEqual(["    at tests/e2e/example.spec.ts:11:5", "    Error: expect(locator).toBeVisible() failed"]);
    expect(lines.slice(lines.indexOf("slowest test files:") + 1, lines.indexOf("slowest test files:") + 3)).toEqual([
      "    16.0 s  tests/e2e/example.spec.ts",
      "     1.2 s  tests/web/example.test.tsx",
    ]);
    expect(status).toBe(1);
  });
});
