import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { headersFile } from "./worker/lib/security-headers.ts";

// The site does not use request.cf locally; skip fetching it (offline machines print an error).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

/** Writes Cloudflare's `_headers` for static assets from the Worker's own header values. */
const securityHeadersFile = (): Plugin => ({
  name: "realm-codex:headers-file",
  apply: "build",
  generateBundle() {
    if (this.environment.name !== "client") return;
    this.emitFile({ type: "asset", fileName: "_headers", source: headersFile() });
  },
});

// One `vite build` makes both the Worker (dist/realm_codex) and the SPA (dist/client).
export default defineConfig({
  root: "web",
  publicDir: "public",
  envDir: "..",
  // Path aliases (@/, @shared/, @schemas/, @worker/app) come from tsconfig.base.json.
  resolve: { tsconfigPaths: true },
  build: { outDir: "../dist", emptyOutDir: true },
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({ configPath: "../wrangler.toml", persistState: { path: "../.wrangler/state" } }),
    securityHeadersFile(),
  ],
});
