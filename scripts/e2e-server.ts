/**
 * The browser tests' server: a fresh local state (migrated + demo content), the production
 * build, and wrangler on the given port. Playwright starts and stops it (see playwright.config.ts).
 */
import { rmSync } from "node:fs";
import { migrate } from "./db-migrate.ts";
import { ensureDevVars } from "./ensure-dev-vars.ts";
import { argValue, run } from "./lib.ts";

const port = argValue("--port") ?? "8788";
const persistTo = `.wrangler/e2e-${port}`;

ensureDevVars();
rmSync(persistTo, { recursive: true, force: true });
await migrate({ persistTo });
await run(process.execPath, ["scripts/seed.ts", "--persist-to", persistTo]);
if (!process.argv.includes("--no-build")) await run("npx", ["vite", "build", "--logLevel", "warn"]);
await run(process.execPath, ["scripts/start.ts", "--persist-to", persistTo], { env: { PORT: port } });
