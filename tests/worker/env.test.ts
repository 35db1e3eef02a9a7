import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { envProblems } from "../../worker/env";

describe("environment validation", () => {
  it("accepts the test Worker's environment", () => {
    expect(envProblems({ ...env })).toEqual([]);
  });

  it("names a missing JWT_SECRET and how to provide it", () => {
    const { JWT_SECRET: _omit, ...rest } = { ...env };
    expect(envProblems(rest)).toEqual([
      "JWT_SECRET: JWT_SECRET is missing: put it in .dev.vars locally or `wrangler secret put JWT_SECRET`.",
    ]);
  });

  it("refuses a JWT_SECRET shorter than 32 characters and a SITE_URL that is not a URL", () => {
    const problems = envProblems({ ...env, JWT_SECRET: "short", SITE_URL: "not a url" });
    expect(problems).toContain("JWT_SECRET: JWT_SECRET must be at least 32 characters long.");
    expect(problems).toContain("SITE_URL: SITE_URL must be an absolute URL.");
  });
});
