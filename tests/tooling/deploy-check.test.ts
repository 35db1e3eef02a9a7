/**
 * `node scripts/deploy-check.ts` (run by `npm run deploy` before `wrangler deploy`) on the
 * committed wrangler.toml, as wrangler reads it: refused as committed (the local SITE_URL and
 * the placeholder MAIL_FROM), with a pointer to the README's steps; accepted once the README's
 * values are set; refused again when the mail queue loses its consumer.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "deploy-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
const { unstable_readConfig } = await import("wrangler");
const committed = unstable_readConfig({ config: path.join(root, "wrangler.toml") });

/** Runs the check on a copy of the committed configuration changed by `edit`. */
function check(edit: (config: typeof committed) => object = (c) => c) {
  const file = path.join(dir, `wrangler-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(edit(structuredClone(committed))));
  const run = spawnSync(process.execPath, ["scripts/deploy-check.ts", "--config", file], { cwd: root, encoding: "utf8", env: { ...process.env, JWT_SECRET: "" } });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The README's values: the public origin on a custom domain, the sender on the mail domain. */
const deployable = (config: typeof committed) => ({
  ...config,
  vars: { ...config.vars, SITE_URL: "https://codex.example.org", MAIL_FROM: "noreply@codex.example.org" },
  routes: [{ pattern: "codex.example.org", custom_domain: true }],
});

describe("deploy check", () => {
  it("refuses the committed configuration: local SITE_URL, placeholder MAIL_FROM, nothing else; points at the README", () => {
    const { status, out } = check();
    expect(status).toBe(1);
    const problems = out.split("\n").filter((line) => line.startsWith("  - "));
    expect(problems).toEqual([
      expect.stringMatching(/^ {2}- SITE_URL is still http:\/\/localhost:8787: set it under \[vars\]/),
      expect.stringMatching(/^ {2}- MAIL_FROM is still noreply@realm-codex\.example, on a domain that cannot send mail/),
    ]);
    expect(out).toContain('README.md, "Deploying to Cloudflare"');
  });

  it("passes with the README's SITE_URL, custom domain and MAIL_FROM", () => {
    const { status, out } = check(deployable);
    expect(out).toContain("✔ Deploy check passed");
    expect(status).toBe(0);
  });

  it("refuses a SITE_URL without its route, and a mail queue without its consumer", () => {
    const { status, out } = check((c) => {
      const config = deployable(c);
      return { ...config, routes: [], queues: { ...config.queues, consumers: config.queues.consumers?.filter((q: { queue: string }) => q.queue !== "realm-codex-mail") } };
    });
    expect(status).toBe(1);
    expect(out).toContain("no route of wrangler.toml serves codex.example.org");
    expect(out).toContain("Queue realm-codex-mail is sent to but has no [[queues.consumers]] entry");
  });
});
