declare namespace Cloudflare {
  interface GlobalProps {
    /** Types `exports.default` from cloudflare:workers in tests. */
    mainModule: typeof import("../../worker/index");
  }
  interface Env {
    /** Migrations read by vitest.config.ts, applied by tests/worker/schema-migrations.test.ts. */
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Set from the shell's FC_SEED to replay a hostile-input campaign; empty otherwise. */
    FC_SEED: string;
    /** "on" in the test Worker: the X-Fault-Injection header may make D1 unavailable for a request. */
    FAULT_INJECTION: string;
    /** A second local D1, the read replica stuck in the past of tests/worker/fresh-reads.test.ts. */
    LAGGING_REPLICA: D1Database;
    /** An empty local D1 where tests/worker/schema-migrations.test.ts applies the migration chain itself. */
    CHAIN_D1: D1Database;
  }
}
