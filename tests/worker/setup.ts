import { env } from "cloudflare:test";
import { inject } from "vitest";

// Each test file gets its own isolated storage; bring its D1 up to the current schema from the
// run's one migrated snapshot (scripts/d1-snapshot.ts), in one batch.
await env.DB.batch(inject("d1Snapshot").map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
