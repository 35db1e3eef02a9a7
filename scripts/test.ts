/**
 * `npm test`: every layer once, each step timed.
 *
 *   static   typecheck and lint side by side (two processes for two cores)
 *   build    the deploy check: vite build, `wrangler deploy --dry-run`, `wrangler types --check`
 *   unit     vitest: Worker tests in workerd, web components, tooling
 *   e2e      Playwright on the build above (the browser tests' server does not build again)
 *
 * A failed step does not stop the later ones unless they need its output (the browser tests need
 * the build), so one run shows every failure. The end is the step times and the reports' summary
 * (scripts/test-summary.ts: slowest files, every failure with its place, the closing line).
 * Exits 1 when any step failed.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { ensureDevVars } from "./ensure-dev-vars.ts";

type Result = { name: string; ok: boolean; seconds: number; skipped?: boolean };

/** Runs an npm script; `quiet` holds its output until it ends (for steps run side by side). */
function npmRun(script: string, options: { quiet?: boolean; env?: Record<string, string> } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...options.env },
    });
    let output = "";
    child.stdout?.on("data", (d: Buffer) => void (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => void (output += d.toString()));
    child.on("error", () => resolve(false));
    child.on("exit", (code) => {
      if (options.quiet && output.trim()) process.stdout.write(`── ${script} ──\n${output}`);
      resolve(code === 0);
    });
  });
}

const results: Result[] = [];

async function step(name: string, work: () => Promise<boolean>, runIt = true): Promise<boolean> {
  if (!runIt) {
    results.push({ name, ok: false, seconds: 0, skipped: true });
    console.log(`\n▶ ${name}: skipped (an earlier step it needs failed)`);
    return false;
  }
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const ok = await work();
  const seconds = (performance.now() - started) / 1000;
  results.push({ name, ok, seconds });
  console.log(`◀ ${name}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(0)} s`);
  return ok;
}

const started = performance.now();
rmSync("test-results", { recursive: true, force: true });
// The build copies .dev.vars (the local secrets) into its Worker's folder, where the browser
// tests' server reads them: on a fresh clone it must exist before the build step.
ensureDevVars();

await step("static (typecheck, lint)", async () => {
  const [typed, linted] = await Promise.all([npmRun("typecheck", { quiet: true }), npmRun("lint", { quiet: true })]);
  return typed && linted;
});
const built = await step("build (vite build, wrangler dry-run and types check)", () => npmRun("check:deploy"));
await step("unit (vitest)", () => npmRun("test:unit"));
await step("e2e (Playwright)", () => npmRun("test:e2e", { env: { E2E_PREBUILT: "1" } }), built);

console.log("\nStep times:");
for (const r of results) console.log(`  ${r.name.padEnd(56)} ${r.skipped ? "skipped" : `${r.seconds.toFixed(0).padStart(5)} s  ${r.ok ? "ok" : "FAILED"}`}`);
console.log(`  ${"total".padEnd(56)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);

const summary = await new Promise<boolean>((resolve) => {
  const child = spawn(process.execPath, ["scripts/test-summary.ts"], { stdio: "inherit" });
  child.on("exit", (code) => resolve(code === 0));
});
process.exit(summary && results.every((r) => r.ok) ? 0 : 1);
