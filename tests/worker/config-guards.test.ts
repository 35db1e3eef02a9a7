/**
 * Operational guards: deploy refuses a localhost SITE_URL or the example secret, the Worker
 * refuses the example secret outside a local machine (logging the problem, showing the client
 * only the generic 500), and the seed refuses a configuration with remote bindings.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { envProblems } from "../../worker/env";
import { deployProblems, EXAMPLE_JWT_SECRET, isLocalUrl, remoteBindingNames } from "../../worker/lib/config-guards";

describe("deploy guard", () => {
  it("refuses SITE_URL on localhost or loopback, or not https, with a message saying what to set", () => {
    for (const url of ["http://localhost:8787", "http://127.0.0.1:8787", "http://[::1]:8787", "http://app.localhost"]) {
      expect(isLocalUrl(url), url).toBe(true);
      expect(deployProblems({ SITE_URL: url })[0]).toMatch(/SITE_URL is still .*set it under \[vars\]/);
    }
    expect(deployProblems({ SITE_URL: "http://realm.example" })).toEqual(["SITE_URL must be an https address (it is http://realm.example)."]);
    expect(deployProblems({})).toHaveLength(1);
    expect(deployProblems({ SITE_URL: "https://realm.example" })).toEqual([]);
  });

  it("refuses the example JWT_SECRET", () => {
    expect(deployProblems({ SITE_URL: "https://realm.example", JWT_SECRET: EXAMPLE_JWT_SECRET })).toEqual([
      "JWT_SECRET is the example value from .dev.vars.example: set a random one with `npx wrangler secret put JWT_SECRET`.",
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
