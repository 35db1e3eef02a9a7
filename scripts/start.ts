/**
 * `npm start`: serves the production build locally with wrangler (port 8787, or $PORT).
 * `FAULT_INJECTION=on npm start` turns on the test-only fault switch (worker/lib/faults.ts), which
 * `npm run bench:cpu` needs to miss the edge cache on purpose. Mail it sends is kept in the
 * state folder's `mail/` (scripts/local-mail.ts).
 */
import { dirname } from "node:path";
import { argValue, DEFAULT_PERSIST_DIR, run } from "./lib.ts";
import { keepSentMail, sentMailDir } from "./local-mail.ts";

const port = process.env.PORT ?? "8787";
const persistTo = argValue("--persist-to") ?? DEFAULT_PERSIST_DIR;
const config = argValue("--config") ?? "dist/realm_codex/wrangler.json";
console.log(`Realm Codex: http://localhost:${port}`);
console.log(`Mail it sends: ${sentMailDir(persistTo)}/`);
// Miniflare writes sent mail beside the configuration and deletes it on exit: keep a copy.
const stopKeepingMail = keepSentMail(dirname(config), persistTo);
await run("npx", [
  "wrangler", "dev",
  "-c", config,
  "--persist-to", persistTo,
  "--port", port,
  "--ip", "127.0.0.1",
  "--show-interactive-dev-session=false",
  ...(process.env.FAULT_INJECTION === "on" ? ["--var", "FAULT_INJECTION:on"] : []),
]).catch((err) => {
  stopKeepingMail();
  console.error(`✖ ${(err as Error).message}`);
  process.exit(1);
});
stopKeepingMail();
