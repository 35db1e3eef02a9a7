/**
 * `npm start`: serves the production build locally with wrangler (port 8787, or $PORT).
 * `FAULT_INJECTION=on npm start` turns on the test-only fault switch (worker/lib/faults.ts), which
 * `npm run bench:cpu` needs to miss the edge cache on purpose.
 */
import { argValue, DEFAULT_PERSIST_DIR, run } from "./lib.ts";

const port = process.env.PORT ?? "8787";
const persistTo = argValue("--persist-to") ?? DEFAULT_PERSIST_DIR;
const config = argValue("--config") ?? "dist/realm_codex/wrangler.json";
console.log(`Realm Codex: http://localhost:${port}`);
await run("npx", [
  "wrangler", "dev",
  "-c", config,
  "--persist-to", persistTo,
  "--port", port,
  "--ip", "127.0.0.1",
  "--show-interactive-dev-session=false",
  ...(process.env.FAULT_INJECTION === "on" ? ["--var", "FAULT_INJECTION:on"] : []),
]).catch((err) => {
  console.error(`✖ ${(err as Error).message}`);
  process.exit(1);
});
