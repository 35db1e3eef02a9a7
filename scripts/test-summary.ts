/**
 * Sums the unit (vitest) and browser (Playwright) layers from their JSON reports in test-results/
 * and prints, per layer and in total, `N passed, N failed, N flaky, N skipped`, ending with the
 * plain closing line `N passed, N failed, N skipped` that CI reads.
 *
 * Flaky = passed only after a retry (CI retries: vitest `retry: 2`, Playwright `retries: 1`).
 * A flaky test still counts as passed; the count is printed so that it gets looked at.
 * - Playwright: `stats.flaky`.
 * - vitest: its JSON reporter has no retry count, but keeps the errors of the failed attempts, so
 *   a test whose status is "passed" with failure messages passed on a retry.
 *
 * Exits 1 when a report is missing, a test failed, or no test passed.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The reports' folder: `--dir <folder>` (tests use it), else test-results. */
const dirFlag = process.argv.indexOf("--dir");
const dir = dirFlag > 0 ? process.argv[dirFlag + 1] ?? "test-results" : "test-results";

type Counts = { passed: number; failed: number; flaky: number; skipped: number };
type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] | null }[] }[];
};
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

let missing = false;

function read<T>(file: string): T | null {
  if (!existsSync(file)) {
    console.error(`missing report: ${file}`);
    missing = true;
    return null;
  }
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

function line(c: Counts): string {
  return `${c.passed} passed, ${c.failed} failed, ${c.flaky} flaky, ${c.skipped} skipped`;
}

const layers: [string, Counts][] = [];

const unit = read<VitestReport>(path.join(dir, "unit.json"));
if (unit) {
  const flaky = unit.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === "passed" && (t.failureMessages?.length ?? 0) > 0)
      .map((t) => `${path.relative(process.cwd(), file.name)}: ${t.fullName}`),
  );
  for (const name of flaky) console.log(`flaky (passed on a retry): ${name}`);
  layers.push([
    "unit",
    {
      passed: unit.numPassedTests,
      failed: unit.numFailedTests,
      flaky: flaky.length,
      skipped: unit.numPendingTests + unit.numTodoTests,
    },
  ]);
}

const e2e = read<PlaywrightReport>(path.join(dir, "e2e.json"));
if (e2e) {
  layers.push([
    "e2e",
    {
      passed: e2e.stats.expected + e2e.stats.flaky,
      failed: e2e.stats.unexpected,
      flaky: e2e.stats.flaky,
      skipped: e2e.stats.skipped,
    },
  ]);
}

const total: Counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
for (const [name, counts] of layers) {
  console.log(`${name}: ${line(counts)}`);
  for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += counts[key];
}
console.log(`total: ${line(total)}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(missing || total.failed > 0 || total.passed === 0 ? 1 : 0);
