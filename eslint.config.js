import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import boundaries from "./eslint-rules/feature-boundaries.js";

export default tseslint.config(
  { ignores: ["dist", "node_modules", ".wrangler", "**/.wrangler", "worker/worker-configuration.d.ts", "test-results", "playwright-report", "tests/fixtures/boundaries", "tests/fixtures/layout"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["web/**/*.{ts,tsx,js}", "tests/web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Features stay independent: a feature never imports another feature, and components/ and
    // lib/ never import a feature (docs/decisions/0007-feature-boundaries.md).
    files: ["web/src/**/*.{ts,tsx,js,jsx}"],
    plugins: { boundaries },
    rules: {
      "boundaries/feature-boundaries": ["error", { srcRoot: "web/src", alias: "@/" }],
      // react-router's stable API only: its `UNSAFE_` exports may change in any minor version
      // (docs/decisions/0052-data-router.md).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react-router", "react-router/*"],
              importNamePattern: "^UNSAFE_",
              message: "react-router's UNSAFE_ exports have no stability promise (docs/decisions/0052-data-router.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // Data access lives in worker/db/queries (drizzle, taking the db handle); nothing else in the
    // Worker touches the D1 binding.
    files: ["worker/**/*.ts"],
    ignores: ["worker/db/**", "worker/worker-configuration.d.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='DB']:not(CallExpression[callee.name=/^(openDatabase|primaryDatabase|sessionBookmark|honourClientBookmark)$/] > MemberExpression)",
          message: "Use a query function in worker/db/queries with c.get(\"db\") (or openDatabase() in jobs, primaryDatabase() for checks that must read D1's primary).",
        },
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: "No raw D1 statements: write a drizzle query function in worker/db/queries.",
        },
      ],
    },
  },
  {
    // API reads tag their answers with readEtag(), which skips the hash for the Worker's own
    // page reads (worker/middleware/read-etag.ts); hono/etag directly would hash them too.
    files: ["worker/routes/**/*.ts"],
    ignores: ["worker/routes/seo.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "hono/etag", message: "Use readEtag() from worker/middleware/read-etag.ts." }] }],
    },
  },
  {
    // Request schemas build every text field from text() (shared/schemas/text.ts), which refuses
    // control characters. (Repeats the Worker's selectors: a later block replaces the rule.)
    files: ["shared/schemas/**/*.ts"],
    ignores: ["shared/schemas/text.ts", "shared/schemas/user.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='DB']:not(CallExpression[callee.name=/^(openDatabase|primaryDatabase|sessionBookmark|honourClientBookmark)$/] > MemberExpression)",
          message: "Use a query function in worker/db/queries with c.get(\"db\") (or openDatabase() in jobs, primaryDatabase() for checks that must read D1's primary).",
        },
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: "No raw D1 statements: write a drizzle query function in worker/db/queries.",
        },
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: "Text fields start from text() in shared/schemas/text.ts (refuses control characters), not z.string().",
        },
      ],
    },
  },
  {
    // shared/ is what both runtimes import, so it imports neither of them: no Worker code, no SPA
    // code (docs/decisions/0057-layout-by-runtime.md). Code only one runtime uses lives there.
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/|@worker/|(\\.\\./)+(worker|web)(/|$))",
              message: "shared/ imports nothing from worker/ or web/: move what both runtimes need into shared/, or this code to the runtime that uses it.",
            },
          ],
        },
      ],
    },
  },
  {
    // No file over 500 lines: a longer one holds several concerns, split along them (ADR 0057).
    // The schema is the one list of tables; shared/seo.ts is being rewritten with the page
    // rendering and comes under the limit then.
    files: ["**/*.{ts,tsx,js}"],
    ignores: ["worker/db/schema.ts", "shared/seo.ts"],
    rules: {
      "max-lines": ["error", { max: 500 }],
    },
  },
  {
    files: ["scripts/**/*.ts", "tests/e2e/**/*.ts", "tests/perf/**/*.ts", "*.ts", "*.js"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
