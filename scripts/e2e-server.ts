/**
 * The browser tests' server: a fresh local state (migrated + demo content), the production
 * build, and wrangler on the given port. Playwright starts and stops it (see playwright.config.ts).
 * `--state DIR` serves an existing local state instead (migrated, not reseeded): the bench's
 * 100× runs use the world of `npm run db:seed -- --scale 100`.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { migrate } from "./db-migrate.ts";
import { ensureDevVars } from "./ensure-dev-vars.ts";
import { argValue, run } from "./lib.ts";

const port = argValue("--port") ?? "8788";
const state = argValue("--state");
const persistTo = state ?? `.wrangler/e2e-${port}`;

ensureDevVars();
if (!state) rmSync(persistTo, { recursive: true, force: true });
await migrate({ persistTo });
if (!state) await run(process.execPath, ["scripts/seed.ts", "--persist-to", persistTo]);
if (!process.argv.includes("--no-build")) await run("npx", ["vite", "build", "--logLevel", "warn"]);
else if (!existsSync("dist/realm_codex/.dev.vars")) {
  // The build copies .dev.vars into its Worker's folder; one made before .dev.vars existed has no secrets.
  console.error("dist/realm_codex has no .dev.vars: build again now that .dev.vars exists (npm run build).");
  process.exit(1);
}

// Every browser in the suite signs in from 127.0.0.1, so the per-IP auth limit (20/min, tested
// on its own in tests/worker/auth-rate-limit.test.ts) would throttle the journeys. The browser
// tests' server runs a copy of the built config with a higher limit; production keeps 20/min.
const builtConfig = "dist/realm_codex/wrangler.json";
const e2eConfig = `dist/realm_codex/wrangler.e2e-${port}.json`;
const config = JSON.parse(readFileSync(builtConfig, "utf8")) as {
  ratelimits?: { simple: { limit: number } }[];
  vars?: Record<string, unknown>;
};
for (const limiter of config.ratelimits ?? []) limiter.simple.limit = 1000;
// The test-only fault switch (tests/e2e/faults.spec.ts): a request with X-Fault-Injection finds
// the database unavailable. Honoured on a local SITE_URL only; deploys refuse it.
config.vars = { ...config.vars, FAULT_INJECTION: "on" };
writeFileSync(e2eConfig, JSON.stringify(config));

await run(process.execPath, ["scripts/start.ts", "--persist-to", persistTo, "--config", e2eConfig], { env: { PORT: port } });
