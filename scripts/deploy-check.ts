/**
 * Run by `npm run deploy` after the build and before `wrangler deploy`: refuses to upload a
 * Worker whose SITE_URL still points at localhost (or is not https), or that would run with the
 * example JWT_SECRET, as the current or the previous secret of a rotation (set in [vars] or in
 * the environment wrangler uploads from). The running
 * Worker refuses the example secret too (worker/lib/config-guards.ts).
 *   node scripts/deploy-check.ts [--config dist/realm_codex/wrangler.json]
 */
import { existsSync, readFileSync } from "node:fs";
import { deployProblems } from "../worker/lib/config-guards.ts";
import { argValue } from "./lib.ts";

const configPath = argValue("--config") ?? "dist/realm_codex/wrangler.json";
if (!existsSync(configPath)) {
  console.error(`✖ Deploy check: ${configPath} not found; run the build first (npm run build).`);
  process.exit(1);
}
const config = JSON.parse(readFileSync(configPath, "utf8")) as { vars?: Record<string, unknown> };
const problems = deployProblems({
  SITE_URL: config.vars?.SITE_URL,
  JWT_SECRET: config.vars?.JWT_SECRET ?? process.env.JWT_SECRET,
  JWT_SECRET_PREVIOUS: config.vars?.JWT_SECRET_PREVIOUS ?? process.env.JWT_SECRET_PREVIOUS,
  FAULT_INJECTION: config.vars?.FAULT_INJECTION,
});
if (problems.length) {
  console.error("✖ Not deploying:");
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log("✔ Deploy check passed (SITE_URL is a public https address; no example secret).");
