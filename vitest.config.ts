import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type TestUserConfig } from "vitest/config";

/** Secrets (and a local SITE_URL) for the test Worker only; real ones live in .dev.vars / wrangler secrets. */
const TEST_SECRETS = {
  JWT_SECRET: "test-secret-that-is-at-least-32-bytes-long!!",
  FASTCOMMENTS_TENANT_ID: "test-tenant",
  FASTCOMMENTS_API_SECRET: "test-fastcomments-api-secret",
  // A local origin whatever SITE_URL wrangler.toml gives the deployed site (as .dev.vars does
  // for local servers): the fault switch below only works on a local SITE_URL.
  SITE_URL: "http://localhost:8787",
};

// Three projects: the Worker in workerd with real local D1/R2/Queues/Images, the SPA's
// components in a DOM environment, and the tooling's checks in Node. Browser journeys live in tests/e2e (Playwright).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      reporters: [
        "default",
        ["json", { outputFile: "test-results/unit.json" }],
      ] satisfies TestUserConfig["reporters"],
      // In CI a failing test gets two more tries; one that passes on a retry is reported as
      // flaky by scripts/test-summary.ts. Files and tests run in a random order there, so an
      // order dependency shows up (the seed is printed; `--sequence.seed=N` replays it).
      retry: process.env.CI ? 2 : 0,
      // Every Worker request writes its log line (worker/lib/request-log.ts): kept off the test
      // output; tests/worker/request-log.test.ts reads them itself. (A root option: projects
      // cannot set it.)
      onConsoleLog: (log: string) => !log.includes('"msg":"request"'),
      sequence: { shuffle: Boolean(process.env.CI) },
      // Vitest's default in run mode is one worker less than the cores: one on a 2-core machine,
      // where a Worker test file spends most of its time starting workerd and waiting on it.
      maxWorkers: 2,
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              // FC_SEED replays a hostile-input campaign (tests/worker/hostile-input.test.ts);
              // FAULT_INJECTION lets tests make D1 unavailable for one request (tests/worker/faults.test.ts).
              // LAGGING_REPLICA is a second local D1 that tests/worker/fresh-reads.test.ts uses as a
              // read replica stuck in the past (local D1 has no replicas of its own); CHAIN_D1 an
              // empty one where tests/worker/schema-migrations.test.ts applies the migrations itself.
              miniflare: {
                bindings: { ...TEST_SECRETS, TEST_MIGRATIONS: migrations, FC_SEED: process.env.FC_SEED ?? "", FAULT_INJECTION: "on" },
                d1Databases: ["LAGGING_REPLICA", "CHAIN_D1"],
              },
            }),
          ],
          // The app's server side, which the Worker renders pages with (as in vite.config.ts).
          resolve: { tsconfigPaths: true, alias: { "@app/server": path.join(import.meta.dirname, "web/src/entry.server.tsx") } },
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.ts"],
            // The migrated D1 every file starts from, made once per run (ADR 0055).
            globalSetup: ["scripts/d1-snapshot.ts"],
            setupFiles: ["tests/worker/setup.ts"],
            // Some tests make dozens of requests (every filter combination, every page): about 2 s
            // on an idle machine, past the default 5 s when other work shares its two cores.
            testTimeout: 20_000,
          },
        },
        {
          plugins: [react()],
          resolve: { tsconfigPaths: true },
          test: {
            name: "web",
            include: ["tests/web/**/*.test.{ts,tsx}"],
            environment: "happy-dom",
            setupFiles: ["tests/web/setup.ts"],
          },
        },
        {
          // Checks of the project's own tooling (lint rules...) in plain Node.
          test: {
            name: "tooling",
            include: ["tests/tooling/**/*.test.ts"],
            environment: "node",
            // The first lint of a fixture loads ESLint with the whole project config and the
            // TypeScript parser: seconds on a busy machine.
            testTimeout: 60_000,
          },
        },
      ],
    },
  };
});
