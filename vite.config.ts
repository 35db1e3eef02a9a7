import { cloudflare, type WorkerConfig } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Rolldown } from "vite";
import { defineConfig, type Plugin } from "vite";
import { DEFAULT_PERSIST_DIR } from "./scripts/lib.ts";
import { keepSentMail } from "./scripts/local-mail.ts";
import { headersFile, THEME_INIT_HASH, THEME_INIT_SCRIPT } from "./worker/lib/security-headers.ts";

// The site does not use request.cf locally; skip fetching it (offline machines print an error).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

/**
 * `npm run dev` keeps the mail the Worker sends in the state folder's `mail/` (Miniflare's own
 * copy, under web/.wrangler/tmp, goes when the server stops): scripts/local-mail.ts.
 */
const keepLocalMail = (): Plugin => ({
  name: "realm-codex:keep-local-mail",
  apply: "serve",
  configureServer(server) {
    const stop = keepSentMail(server.config.root, DEFAULT_PERSIST_DIR);
    server.httpServer?.once("close", stop);
  },
});

/** Writes Cloudflare's `_headers` for static assets from the Worker's own header values. */
const securityHeadersFile = (): Plugin => ({
  name: "realm-codex:headers-file",
  apply: "build",
  generateBundle() {
    if (this.environment.name !== "client") return;
    this.emitFile({ type: "asset", fileName: "_headers", source: headersFile() });
  },
});

/**
 * Inlines the theme script at index.html's `<!-- theme-init -->` (no render-blocking request).
 * The CSP allows it by hash: a script whose hash differs from THEME_INIT_HASH fails the build.
 */
const inlineThemeInit = (): Plugin => ({
  name: "realm-codex:inline-theme-init",
  transformIndexHtml: {
    order: "pre",
    handler(html) {
      const hash = `'sha256-${createHash("sha256").update(THEME_INIT_SCRIPT).digest("base64")}'`;
      if (hash !== THEME_INIT_HASH) throw new Error(`THEME_INIT_HASH must be ${hash} (worker/lib/security-headers.ts)`);
      if (!html.includes("<!-- theme-init -->")) throw new Error("index.html lost its <!-- theme-init --> marker");
      return html.replace("<!-- theme-init -->", `<script>${THEME_INIT_SCRIPT}</script>`);
    },
  },
});

/**
 * Inlines the entry's stylesheet into index.html as a <style> element: the first paint then
 * needs only the HTML (one round trip less before anything shows). The CSP allows inline styles.
 * Lazy routes' own CSS still comes as files (the Worker preloads it with the page).
 */
const inlineEntryCss = (): Plugin => ({
  name: "realm-codex:inline-entry-css",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return html;
      return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const asset = bundle[file];
        if (!asset || asset.type !== "asset") return tag;
        const css = typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source);
        // A stylesheet cannot end the element early unless it contains "</style"; refuse to inline then.
        if (/<\/style/i.test(css)) return tag;
        return `<style>${css}</style>`;
      });
    },
  },
});

/**
 * Content before JavaScript: the entry `<script type="module">` becomes the app loader
 * (web/src/app-loader.ts, an entry of its own in the build: a hashed file, allowed by the CSP's
 * 'self'), which names the entry and the libraries' chunk, and the entry's modulepreload links go.
 * The app's code is then fetched once the page has loaded, so the first and the largest paint
 * never wait for it (docs/decisions/0019-content-before-javascript.md).
 */
const LIBRARY_CHUNK = "libraries";
const APP_LOADER = "app-loader";

const loadAppAfterPaint = (): Plugin => ({
  name: "realm-codex:load-app-after-paint",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, ctx) {
      const entries = [...html.matchAll(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g)];
      if (entries.length !== 1) throw new Error(`index.html should have one entry script, found ${entries.length}`);
      const [tag, src] = entries[0]!;
      const chunks = Object.values(ctx.bundle ?? {}).filter((o) => o.type === "chunk");
      const loader = chunks.find((o) => o.isEntry && o.name === APP_LOADER)?.fileName;
      if (!loader) throw new Error("the build has no app loader chunk (web/src/app-loader.ts)");
      // The libraries' chunk, which the entry imports: the loader evaluates it first, on its own.
      const first = chunks.find((o) => o.name === LIBRARY_CHUNK)?.fileName;
      return html
        .replace(tag, `<script type="module" async crossorigin src="/${loader}" data-entry="${src}"${first ? ` data-first="/${first}"` : ""}></script>`)
        .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, "");
    },
  },
});

/**
 * Dev server only: inline module scripts that Vite's plugins put into index.html (React Fast
 * Refresh's preamble) are served as files instead, so the site's CSP, which admits inline scripts
 * only by hash, applies unchanged in `npm run dev`.
 */
const devInlineScriptsAsFiles = (): Plugin => {
  const scripts = new Map<string, string>();
  const prefix = "/@dev-inline-script/";
  return {
    name: "realm-codex:dev-inline-scripts-as-files",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const code = req.url?.startsWith(prefix) ? scripts.get(req.url.slice(prefix.length)) : undefined;
        if (code === undefined) return next();
        res.setHeader("Content-Type", "text/javascript");
        res.end(code);
      });
    },
    transformIndexHtml: {
      order: "post",
      handler(html) {
        return html.replace(/<script type="module">([\s\S]*?)<\/script>/g, (_tag, code: string) => {
          const name = `${createHash("sha256").update(code).digest("hex").slice(0, 16)}.js`;
          scripts.set(name, code);
          return `<script type="module" src="${prefix}${name}"></script>`;
        });
      },
    },
  };
};

/**
 * Writes route-modules.json: for each lazy module under web/src (e.g. "features/news/routes/home")
 * the JS chunks and CSS it needs beyond what index.html already loads. The Worker preloads them
 * with a page's HTML (worker/pages/index.ts), so the route's code arrives with the entry.
 */
const routeModulesManifest = (): Plugin => ({
  name: "realm-codex:route-modules",
  apply: "build",
  generateBundle(_options, bundle) {
    if (this.environment.name !== "client") return;
    const srcDir = fileURLToPath(new URL("web/src/", import.meta.url));
    const chunks = new Map<string, Rolldown.OutputChunk>();
    for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
    const collect = (file: string, into: Set<string>) => {
      if (into.has(file)) return;
      into.add(file);
      for (const imported of chunks.get(file)?.imports ?? []) collect(imported, into);
    };
    const cssOf = (files: Iterable<string>) => [...files].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]);
    const entryFiles = new Set<string>();
    for (const chunk of chunks.values()) if (chunk.isEntry) collect(chunk.fileName, entryFiles);
    const entryCss = new Set(cssOf(entryFiles));
    const manifest: Record<string, { js: string[]; css: string[] }> = {};
    for (const chunk of chunks.values()) {
      if (!chunk.isDynamicEntry || !chunk.facadeModuleId?.startsWith(srcDir)) continue;
      const key = chunk.facadeModuleId.slice(srcDir.length).replace(/\.[jt]sx?$/, "");
      const files = new Set<string>();
      collect(chunk.fileName, files);
      manifest[key] = {
        js: [...files].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`),
        css: [...new Set(cssOf(files))].filter((f) => !entryCss.has(f)).map((f) => `/${f}`),
      };
    }
    this.emitFile({ type: "asset", fileName: "route-modules.json", source: JSON.stringify(manifest) });
  },
});

/**
 * `wrangler deploy` (and `--dry-run`) after `vite build` uses the build's Worker config, as
 * Cloudflare's Vite plugin intends: the plugin writes its redirect, `.wrangler/deploy/config.json`,
 * under Vite's root (web/), while Wrangler looks for it beside wrangler.toml. Written there too.
 */
const WORKER_ENVIRONMENT = "realm_codex";
const deployRedirect = (): Plugin => ({
  name: "realm-codex:deploy-redirect",
  apply: "build",
  writeBundle() {
    if (this.environment.name !== WORKER_ENVIRONMENT) return;
    const dir = fileURLToPath(new URL(".wrangler/deploy/", import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}config.json`, JSON.stringify({ configPath: `../../dist/${WORKER_ENVIRONMENT}/wrangler.json`, auxiliaryWorkers: [] }));
  },
});

const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Marks the entry chunk and the chunks it imports with V8's `//# allFunctionsCalledOnLoad` compile
 * hint: Chromium then compiles their functions while the script streams in, on a background
 * thread, instead of lazily on the main thread the first time each runs. Every page calls most of
 * React, the router and the shell at boot; measured on / and /news/{id} (CPU ×4), the main thread's
 * work from the bundle's start to idle fell by ~40 % and its blocking time to near zero.
 * Other browsers read it as a comment.
 */
const compileHints = (): Plugin => ({
  name: "realm-codex:compile-hints",
  apply: "build",
  enforce: "post",
  generateBundle: {
    // After Vite's own rewrites (the preload map it puts at the top of the entry): the hint must be the first line.
    order: "post",
    handler(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
      const boot = new Set<string>();
      const collect = (file: string) => {
        if (boot.has(file)) return;
        boot.add(file);
        for (const imported of chunks.get(file)?.imports ?? []) collect(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) collect(chunk.fileName);
      for (const file of boot) {
        const chunk = chunks.get(file);
        if (!chunk || chunk.code.startsWith(COMPILE_HINT)) continue;
        chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        // A source map (`vite build --sourcemap`) must skip the added line: one more ";" in front.
        const map = bundle[`${file}.map`];
        if (map?.type === "asset" && typeof map.source === "string") {
          const json = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      }
    },
  },
});

/**
 * Paths `vite dev` answers itself (its client, the app's source modules, pre-bundled packages,
 * this file's inline scripts served as modules): in dev they skip the Worker, which otherwise
 * runs first for every path but the build's files (wrangler.toml) and answers unknown paths 404.
 * The deployed config has no such paths and does not get these rules.
 */
const DEV_SERVER_PATHS = ["!/@*", "!/src/*", "!/node_modules/*"];

/** The plugin merges what this returns into wrangler.toml's config, appending to its lists. */
const devRouting = (config: WorkerConfig): Partial<WorkerConfig> =>
  Array.isArray(config.assets?.run_worker_first) ? { assets: { run_worker_first: DEV_SERVER_PATHS } } : {};

// One `vite build` makes both the Worker (dist/realm_codex) and the SPA (dist/client).
export default defineConfig(({ command }) => ({
  root: "web",
  publicDir: "public",
  envDir: "..",
  // Path aliases (@/, @shared/, @schemas/, @worker/app) come from tsconfig.base.json.
  resolve: {
    tsconfigPaths: true,
    alias: [
      // The app's server side, which the Worker renders pages with (shared/app-server.ts).
      { find: /^@app\/server$/, replacement: fileURLToPath(new URL("web/src/entry.server.tsx", import.meta.url)) },
      // React 19 has useSyncExternalStore: SWR's pre-18 fallback package is not shipped (JS budget of `/`).
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL("web/src/lib/use-sync-external-store-shim.ts", import.meta.url)) },
    ],
  },
  // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry chunk.
  build: { outDir: "../dist", emptyOutDir: true, modulePreload: { polyfill: false } },
  environments: {
    // The Worker: minified (it carries the app's components and React's server renderer).
    [WORKER_ENVIRONMENT]: { build: { minify: true } },
    client: {
      build: {
        rolldownOptions: {
          // The page and the app loader (loadAppAfterPaint), each an entry.
          input: {
            index: fileURLToPath(new URL("web/index.html", import.meta.url)),
            [APP_LOADER]: fileURLToPath(new URL("web/src/app-loader.ts", import.meta.url)),
          },
          // React, React DOM and the router in a chunk of their own: the app loader evaluates it
          // in one task and the app in the next (web/src/app-loader.ts), not all of it in one long task.
          output: { codeSplitting: { groups: [{ name: LIBRARY_CHUNK, test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|web[\\/]src[\\/]lib[\\/]libraries\.ts$/ }] } },
        },
      },
    },
  },
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({
      configPath: "../wrangler.toml",
      persistState: { path: `../${DEFAULT_PERSIST_DIR}` },
      ...(command === "serve" ? { config: devRouting } : {}),
    }),
    keepLocalMail(),
    securityHeadersFile(),
    inlineThemeInit(),
    inlineEntryCss(),
    loadAppAfterPaint(),
    devInlineScriptsAsFiles(),
    routeModulesManifest(),
    compileHints(),
    deployRedirect(),
  ],
}));
