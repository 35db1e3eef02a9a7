export {};

declare module "vitest" {
  interface ProvidedContext {
    /** The migrated D1 as statements, made once per run by scripts/d1-snapshot.ts and run by tests/worker/setup.ts. */
    d1Snapshot: { sql: string; params: (string | number | null)[] }[];
  }
}
