/**
 * Prints one line `N passed, N failed` summed over the unit (vitest) and browser (Playwright)
 * layers from their JSON reports in test-results/. Exits 1 when a report is missing or a test failed.
 */
import { existsSync, readFileSync } from "node:fs";

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let missing = false;

function read(file: string): unknown {
  if (!existsSync(file)) {
    console.error(`missing report: ${file}`);
    missing = true;
    return null;
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

const unit = read("test-results/unit.json") as
  | { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }
  | null;
if (unit) {
  total.passed += unit.numPassedTests;
  total.failed += unit.numFailedTests;
  total.skipped += unit.numPendingTests + unit.numTodoTests;
}

const e2e = read("test-results/e2e.json") as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | null;
if (e2e) {
  total.passed += e2e.stats.expected + e2e.stats.flaky;
  total.failed += e2e.stats.unexpected;
  total.skipped += e2e.stats.skipped;
}

console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(missing || total.failed > 0 || total.passed === 0 ? 1 : 0);
