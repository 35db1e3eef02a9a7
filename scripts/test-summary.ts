/**
 * Sums the unit (vitest) and browser (Playwright) layers from their JSON reports in test-results/
 * and prints, per layer and in total, `N passed, N failed, N flaky, N skipped`, ending with the
 * plain closing line `N passed, N failed, N skipped` that CI reads.
 *
 * Before the counts it prints the 10 slowest test files of both layers, and every failed test with
 * its error and where it was thrown, so that a CI log alone is enough to start on a failure.
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
  testResults: {
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults: { fullName: string; status: string; failureMessages: string[] | null }[];
  }[];
};
type PlaywrightError = { message?: string; location?: { file: string; line: number; column: number } };
type PlaywrightSuite = {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { duration: number; errors?: PlaywrightError[] }[] }[];
  }[];
};
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: PlaywrightSuite[] };

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
/** Seconds per test file, both layers. */
const fileSeconds = new Map<string, number>();
const failures: string[] = [];
const relative = (file: string) => path.relative(process.cwd(), path.resolve(file));
/** The first lines of an error: its message and the top of its stack (file:line). */
const excerpt = (text: string) =>
  text
    .split("\n")
    .filter((l) => !l.includes("node_modules"))
    .slice(0, 12)
    .map((l) => `    ${l}`)
    .join("\n");

const unit = read<VitestReport>(path.join(dir, "unit.json"));
if (unit) {
  const flaky = unit.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === "passed" && (t.failureMessages?.length ?? 0) > 0)
      .map((t) => `${path.relative(process.cwd(), file.name)}: ${t.fullName}`),
  );
  for (const name of flaky) console.log(`flaky (passed on a retry): ${name}`);
  for (const file of unit.testResults) {
    if (file.startTime !== undefined && file.endTime !== undefined) fileSeconds.set(relative(file.name), (file.endTime - file.startTime) / 1000);
    for (const t of file.assertionResults.filter((a) => a.status === "failed")) {
      failures.push(`FAILED ${relative(file.name)} › ${t.fullName}\n${excerpt(t.failureMessages?.at(-1) ?? "(no message)")}`);
    }
  }
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
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const seconds = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration / 1000, 0);
      const file = path.join("tests/e2e", spec.file);
      fileSeconds.set(file, (fileSeconds.get(file) ?? 0) + seconds);
      for (const t of spec.tests.filter((x) => x.status === "unexpected")) {
        const error = t.results.at(-1)?.errors?.[0];
        const where = error?.location ? `${relative(error.location.file)}:${error.location.line}:${error.location.column}` : `${file}:${spec.line}`;
        failures.push(`FAILED ${file}:${spec.line} › ${spec.title}\n    at ${where}\n${excerpt(error?.message ?? "(no message)")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of e2e.suites ?? []) walk(suite);
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

const slowest = [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, 10);
if (slowest.length) {
  console.log("slowest test files:");
  for (const [file, seconds] of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}
// Escape codes in messages (vitest colours its diffs) would only clutter a CI log.
// eslint-disable-next-line no-control-regex
for (const failure of failures) console.log(failure.replace(/\u001b\[[0-9;]*m/g, ""));

const total: Counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
for (const [name, counts] of layers) {
  console.log(`${name}: ${line(counts)}`);
  for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += counts[key];
}
console.log(`total: ${line(total)}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(missing || total.failed > 0 || total.passed === 0 ? 1 : 0);
