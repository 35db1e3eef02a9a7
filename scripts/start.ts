/** `npm start`: serves the production build locally with wrangler (port 8787, or $PORT). */
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
]).catch((err) => {
  console.error(`✖ ${(err as Error).message}`);
  process.exit(1);
});
