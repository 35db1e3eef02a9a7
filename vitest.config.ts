import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type TestUserConfig } from "vitest/config";

/** Secrets for the test Worker only; real ones live in .dev.vars / wrangler secrets. */
const TEST_SECRETS = {
  JWT_SECRET: "test-secret-that-is-at-least-32-bytes-long!!",
  FASTCOMMENTS_TENANT_ID: "test-tenant",
  FASTCOMMENTS_API_SECRET: "test-fastcomments-api-secret",
};

// Two projects: the Worker in workerd with real local D1/R2/Queues/Images, and the SPA's
// components in a DOM environment. Browser journeys live in tests/e2e (Playwright).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      reporters: [
        "default",
        ["json", { outputFile: "test-results/unit.json" }],
      ] satisfies TestUserConfig["reporters"],
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              // FC_SEED replays a hostile-input campaign (tests/worker/hostile-input.test.ts);
              // FAULT_INJECTION lets tests make D1 unavailable for one request (tests/worker/faults.test.ts).
              miniflare: {
                bindings: { ...TEST_SECRETS, TEST_MIGRATIONS: migrations, FC_SEED: process.env.FC_SEED ?? "", FAULT_INJECTION: "on" },
              },
            }),
          ],
          resolve: { tsconfigPaths: true },
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["tests/worker/setup.ts"],
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
      ],
    },
  };
});
