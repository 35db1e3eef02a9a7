import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../../worker/env";
import { ApiError, badRequest, conflict, forbidden, notFound, unauthorized } from "../../worker/lib/errors";
import { errorHandler } from "../../worker/middleware/error-handler";
import { ERROR_CODES } from "../../shared/error-codes";

/** A tiny app that throws what each test asks for, behind the real error handler. */
function appThrowing(error: unknown) {
  const app = new Hono<AppEnv>().use(requestId()).get("/", () => {
    throw error;
  });
  app.onError(errorHandler);
  return app;
}

describe("the error envelope { code, message, errors? }", () => {
  it.each([
    [badRequest("Nope."), 400, "bad_request"],
    [badRequest("Nope.", { name: ["Name is required"] }), 400, "validation_failed"],
    [unauthorized(), 401, "unauthorized"],
    [unauthorized("Invalid email or password.", "invalid_credentials"), 401, "invalid_credentials"],
    [forbidden(), 403, "forbidden"],
    [notFound("Unit"), 404, "not_found"],
    [conflict("Taken."), 409, "conflict"],
    [new ApiError(423, "Account locked."), 423, "account_locked"],
    [new ApiError(429, "Slow down.", { headers: { "Retry-After": "60" } }), 429, "rate_limited"],
  ] as const)("answers %#: status %i with code %s", async (error, status, code) => {
    const res = await appThrowing(error).request("/");
    expect(res.status).toBe(status);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.code).toBe(code);
    expect(body.message).toBe(error.message);
    expect(ERROR_CODES[code]).toBe(status);
  });

  it("an unexpected exception answers 500 internal_error with the request id and no details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await appThrowing(new Error("D1_ERROR: no such table: secrets")).request("/");
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ code: "internal_error", message: "Something went wrong on our side.", requestId: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain("secrets");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("a configuration error is logged in full but the client sees only the generic 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await appThrowing(new ApiError(500, "Server misconfigured: JWT_SECRET is missing.")).request("/");
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.code).toBe("internal_error");
    expect(body.message).toBe("Something went wrong on our side.");
    expect(log.mock.calls.flat().join(" ")).toContain("JWT_SECRET is missing");
    log.mockRestore();
  });
});
