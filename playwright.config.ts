import { defineConfig } from "@playwright/test";

/**
 * Browser journeys in Debian's Chromium against the production build served by local wrangler
 * with its own freshly migrated and seeded state (.wrangler/e2e-<port>). Never downloads a browser.
 * E2E_PORT lets several runs share one machine.
 *
 * Two projects on the one server (ADR 0055): `crawl`, the specs that only read the seeded state
 * (and the dev server's own), two tests at a time; then `journeys`, the specs that write and
 * share that state, one at a time in file order. The journeys are the crawl's `teardown` project:
 * they start once the crawl is over, and run whether it passed or not. Running a crawl spec alone
 * brings the journeys with it; `--no-deps` leaves them out.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const CRAWL = ["accessibility.spec.ts", "hydration.spec.ts", "dev-server.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  // Its own folder: Playwright empties outputDir at start, and test-results/ also holds unit.json.
  outputDir: "test-results/e2e-artifacts",
  workers: 2,
  projects: [
    { name: "crawl", testMatch: CRAWL, fullyParallel: true, workers: 2, teardown: "journeys" },
    { name: "journeys", testIgnore: CRAWL, fullyParallel: false, workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
      ],
    },
  },
  webServer: {
    // E2E_PREBUILT: `npm test` built the site in its build step; the server serves that build.
    command: `node scripts/e2e-server.ts --port ${port}${process.env.E2E_PREBUILT ? " --no-build" : ""}`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
