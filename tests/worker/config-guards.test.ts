/**
 * Operational guards: deploy refuses a localhost SITE_URL, one no route serves, a MAIL_FROM that
 * cannot send, the example secret, an unnamed D1 database or an unconsumed queue; the Worker
 * refuses the example secret outside a local machine (logging the problem, showing the client
 * only the generic 500), and the seed refuses a configuration with remote bindings.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { envProblems } from "../../worker/env";
import { bindingProblems, deployProblems, EXAMPLE_JWT_SECRET, isLocalUrl, remoteBindingNames } from "../../worker/lib/config-guards";

/** Values a deploy accepts: a public https SITE_URL its route serves, a sender on a real domain. */
const DEPLOYABLE = {
  SITE_URL: "https://codex.example.org",
  MAIL_FROM: "noreply@codex.example.org",
  routes: [{ pattern: "codex.example.org", custom_domain: true }],
};

describe("deploy guard", () => {
  it("refuses SITE_URL on localhost or loopback, or not https, with a message saying what to set", () => {
    for (const url of ["http://localhost:8787", "http://127.0.0.1:8787", "http://[::1]:8787", "http://app.localhost"]) {
      expect(isLocalUrl(url), url).toBe(true);
      expect(deployProblems({ ...DEPLOYABLE, SITE_URL: url })[0]).toMatch(/SITE_URL is still .*set it under \[vars\]/);
    }
    expect(deployProblems({ ...DEPLOYABLE, SITE_URL: "http://codex.example.org" })).toEqual(["SITE_URL must be an https address (it is http://codex.example.org)."]);
    expect(deployProblems({ ...DEPLOYABLE, SITE_URL: undefined })).toEqual([
      "SITE_URL is not set: set it under [vars] in wrangler.toml to the site's public https address.",
    ]);
    expect(deployProblems(DEPLOYABLE)).toEqual([]);
  });

  it("refuses a SITE_URL no route serves, naming the custom domain entry to add; workers.dev needs none", () => {
    expect(deployProblems({ ...DEPLOYABLE, routes: undefined })).toEqual([
      'SITE_URL is https://codex.example.org, but no route of wrangler.toml serves codex.example.org: add `routes = [{ pattern = "codex.example.org", custom_domain = true }]` at its top.',
    ]);
    expect(deployProblems({ ...DEPLOYABLE, routes: [{ pattern: "other.example.org", custom_domain: true }] })).toHaveLength(1);
    expect(deployProblems({ ...DEPLOYABLE, routes: ["*.example.org/*"] })).toEqual([]);
    expect(deployProblems({ ...DEPLOYABLE, routes: [{ pattern: "codex.example.org/*", zone_name: "example.org" }] })).toEqual([]);
    expect(deployProblems({ ...DEPLOYABLE, SITE_URL: "https://realm-codex.maintainer.workers.dev", routes: undefined })).toEqual([]);
  });

  it("refuses a MAIL_FROM that is missing, not an address, or on a domain that cannot send mail", () => {
    expect(deployProblems({ ...DEPLOYABLE, MAIL_FROM: undefined })[0]).toMatch(/^MAIL_FROM is not set: .*onboarded to Email Sending/);
    expect(deployProblems({ ...DEPLOYABLE, MAIL_FROM: "noreply" })).toEqual(["MAIL_FROM must be an e-mail address (it is noreply)."]);
    for (const from of ["noreply@realm-codex.example", "a@b.test", "a@mail.invalid", "a@box.localhost"]) {
      expect(deployProblems({ ...DEPLOYABLE, MAIL_FROM: from })[0], from).toMatch(/^MAIL_FROM is still .*, on a domain that cannot send mail/);
    }
  });

  it("refuses the example JWT_SECRET", () => {
    expect(deployProblems({ ...DEPLOYABLE, JWT_SECRET: EXAMPLE_JWT_SECRET })).toEqual([
      "JWT_SECRET is the example value from .dev.vars.example: set a random one with `npx wrangler secret put JWT_SECRET`.",
    ]);
  });

  it("refuses a D1 database without a name or with a placeholder id, and a queue sent to that nothing consumes", () => {
    const queues = {
      producers: [{ queue: "realm-codex-thumbnails" }, { queue: "realm-codex-mail" }],
      consumers: [
        { queue: "realm-codex-thumbnails", dead_letter_queue: "realm-codex-thumbnails-dlq" },
        { queue: "realm-codex-thumbnails-dlq" },
        { queue: "realm-codex-mail" },
      ],
    };
    expect(bindingProblems({ d1_databases: [{ binding: "DB", database_name: "realm-codex" }], queues })).toEqual([]);
    expect(bindingProblems({ d1_databases: [{ binding: "DB", database_id: "00000000-0000-0000-0000-000000000000" }] })).toEqual([
      "D1 binding DB: database_name is missing (wrangler finds the database by it).",
      "D1 binding DB: database_id 00000000-0000-0000-0000-000000000000 is a placeholder; remove it (the name is enough).",
    ]);
    expect(bindingProblems({ queues: { ...queues, consumers: queues.consumers.filter((c) => c.queue !== "realm-codex-mail") } })).toEqual([
      "Queue realm-codex-mail is sent to but has no [[queues.consumers]] entry: nothing would ever handle its messages.",
    ]);
    expect(bindingProblems({ queues: { ...queues, consumers: queues.consumers.slice(0, 1).concat(queues.consumers.slice(2)) } })).toEqual([
      "Queue realm-codex-thumbnails-dlq is sent to but has no [[queues.consumers]] entry: nothing would ever handle its messages.",
    ]);
  });
});

describe("runtime configuration guard", () => {
  it("allows the example secret on a local SITE_URL and refuses it on a public one", () => {
    expect(envProblems({ ...env, JWT_SECRET: EXAMPLE_JWT_SECRET, SITE_URL: "http://localhost:8787" })).toEqual([]);
    expect(envProblems({ ...env, FAULT_INJECTION: undefined, JWT_SECRET: EXAMPLE_JWT_SECRET, SITE_URL: "https://realm.example" })).toEqual([
      "JWT_SECRET: the example value from .dev.vars.example must not be used outside a local machine.",
    ]);
  });

  it("a misconfigured Worker answers the generic 500 envelope with a request id; the details go only to the log", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const misconfigured = { ...env, JWT_SECRET: EXAMPLE_JWT_SECRET, SITE_URL: "https://realm.example" };
    const res = await worker.fetch(new Request("http://example.com/api/news"), misconfigured, {} as ExecutionContext);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; message: string; requestId?: string };
    expect(body).toEqual({ code: "internal_error", message: "Something went wrong on our side.", requestId: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/JWT_SECRET|example/);
    const logged = errors.mock.calls.map((args) => args.join(" ")).join("\n");
    expect(logged).toContain("JWT_SECRET: the example value");
    errors.mockRestore();
  });
});

describe("seed guard", () => {
  it("names every binding a wrangler configuration marks remote", () => {
    const config = {
      d1_databases: [{ binding: "DB", database_name: "x", remote: true }],
      r2_buckets: [{ binding: "MEDIA", bucket_name: "m" }],
      queues: { producers: [{ binding: "Q", queue: "q", experimental_remote: true }] },
      images: { binding: "IMAGES", remote: false },
    };
    expect(remoteBindingNames(config)).toEqual(["DB", "Q"]);
    expect(remoteBindingNames({ d1_databases: [{ binding: "DB" }] })).toEqual([]);
  });
});
