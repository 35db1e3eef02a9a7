/**
 * Run by `npm run deploy` after the build and before `wrangler deploy`: refuses to upload a
 * Worker whose configuration misses what README.md "Deploying to Cloudflare" sets up first: a
 * public https SITE_URL that a route of wrangler.toml serves (or a workers.dev address), a
 * MAIL_FROM on a domain that can send mail, no example JWT_SECRET (current or previous, set in
 * [vars] or in the environment wrangler uploads from), no test fault switch, a D1 database
 * wrangler finds by its name, and a consumer for every queue the Worker sends to. The running
 * Worker refuses the example secret too (worker/lib/config-guards.ts).
 *   node scripts/deploy-check.ts [--config dist/realm_codex/wrangler.json]
 */
import { existsSync, readFileSync } from "node:fs";
import { bindingProblems, deployProblems } from "../worker/lib/config-guards.ts";
import { argValue } from "./lib.ts";

const configPath = argValue("--config") ?? "dist/realm_codex/wrangler.json";
if (!existsSync(configPath)) {
  console.error(`✖ Deploy check: ${configPath} not found; run the build first (npm run build).`);
  process.exit(1);
}
const config = JSON.parse(readFileSync(configPath, "utf8")) as Parameters<typeof bindingProblems>[0] & {
  vars?: Record<string, unknown>;
  routes?: unknown;
};
const problems = [
  ...deployProblems({
    SITE_URL: config.vars?.SITE_URL,
    MAIL_FROM: config.vars?.MAIL_FROM,
    JWT_SECRET: config.vars?.JWT_SECRET ?? process.env.JWT_SECRET,
    JWT_SECRET_PREVIOUS: config.vars?.JWT_SECRET_PREVIOUS ?? process.env.JWT_SECRET_PREVIOUS,
    FAULT_INJECTION: config.vars?.FAULT_INJECTION,
    routes: config.routes,
  }),
  ...bindingProblems(config),
];
if (problems.length) {
  console.error("✖ Not deploying:");
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('  The steps before a first deploy: README.md, "Deploying to Cloudflare".');
  process.exit(1);
}
console.log(`✔ Deploy check passed (SITE_URL ${String(config.vars?.SITE_URL)} is served; MAIL_FROM ${String(config.vars?.MAIL_FROM)}; no example secret; every queue consumed).`);
