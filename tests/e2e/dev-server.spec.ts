import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";

/**
 * `npm run dev` as a maintainer runs it on a fresh clone: the local setup (.dev.vars, migrations,
 * demo content) and then Vite with the Worker in workerd. It runs on its own state folder
 * (REALM_STATE_DIR, emptied first, as on a fresh clone) and its own port, so a developer's dev
 * server and data are untouched. The other specs use the built site (scripts/e2e-server.ts).
 */
const STATE_DIR = ".wrangler/dev-server-test";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function waitForHealth(base: string, dev: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited with code ${dev.exitCode}`);
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`npm run dev did not answer on ${base} within ${timeoutMs / 1000} s`);
}

test.describe("npm run dev", () => {
  test.describe.configure({ timeout: 300_000 });

  test("on a fresh state it sets up the demo content and serves the API and the app, which renders the home page's news", async ({ page }) => {
    rmSync(STATE_DIR, { recursive: true, force: true });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let output = "";
    const dev = spawn("npm", ["run", "dev", "--", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
      env: { ...process.env, REALM_STATE_DIR: STATE_DIR },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    dev.stdout!.on("data", (d: Buffer) => void (output += d.toString()));
    dev.stderr!.on("data", (d: Buffer) => void (output += d.toString()));
    try {
      await waitForHealth(base, dev, 240_000).catch((err: Error) => {
        throw new Error(`${err.message}\n${output.slice(-3000)}`);
      });

      // The demo content is there.
      const news = (await (await fetch(`${base}/api/news`)).json()) as { items: { title: string }[] };
      expect(news.items.length).toBeGreaterThan(0);

      // The SPA runs from the dev server's modules and shows it.
      await page.goto(base);
      await expect(page.getByRole("heading", { name: news.items[0]!.title }).first()).toBeVisible({ timeout: 60_000 });
      // The Worker renders that heading before any JavaScript: the app itself has run once it has
      // hydrated the page, which needs Vite's own modules (/@vite/client, /src/...) to reach Vite
      // rather than the Worker (vite.config.ts, DEV_SERVER_PATHS).
      await expect(page.locator("html[data-app]")).toHaveCount(1, { timeout: 60_000 });
      // A member page (the browser loads it), and a path that is no page (404 from the Worker, ADR 0022).
      await page.goto(`${base}/profile`);
      await expect(page).toHaveURL(/\/login/, { timeout: 60_000 });
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible({ timeout: 60_000 });
      const missing = await page.goto(`${base}/no/such/page`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    } finally {
      if (dev.pid) process.kill(-dev.pid, "SIGTERM");
    }
  });
});
