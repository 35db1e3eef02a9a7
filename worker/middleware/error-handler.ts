import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { defaultErrorCode } from "@shared/error-codes";
import type { AppEnv } from "../env";
import { ApiError, type ErrorBody } from "../lib/errors";
import { isDatabaseUnavailable } from "../db/unavailable";
import { noteError } from "../db/usage";

/** A client may try again after this many seconds when the database was unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

/** Hono's own HTTPExceptions (malformed JSON from the validator, body limit) get a fitting envelope. */
function envelopeOf(err: HTTPException): ErrorBody {
  if (err instanceof ApiError) {
    const body: ErrorBody = { code: err.code, message: err.message || "Request failed." };
    if (err.errors) body.errors = err.errors;
    if (err.current !== undefined) body.current = err.current;
    return body;
  }
  if (err.status === 400 && /json/i.test(err.message)) return { code: "malformed_json", message: "Malformed JSON in request body." };
  if (err.status === 413) return { code: "payload_too_large", message: "Payload too large." };
  return { code: defaultErrorCode(err.status), message: err.message || "Request failed." };
}

/**
 * Every error becomes the envelope `{ code, message, errors? }`; unexpected ones are logged with
 * the request id and answered 500 with a generic message (details stay in the logs).
 */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  const requestId = c.get("requestId");
  if (err instanceof HTTPException && err.status < 500) {
    if (err instanceof ApiError && err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(envelopeOf(err), err.status);
  }
  if (err instanceof ApiError && err.code === "maintenance_mode") {
    // Expected while the site is in maintenance: not an error worth a log line.
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json({ code: err.code, message: err.message } satisfies ErrorBody, err.status);
  }
  if (isDatabaseUnavailable(err)) {
    // An outage, not a bug: 503 with Retry-After, so clients (and the SPA's error states) retry.
    if (!noteError(err)) console.error(JSON.stringify({ level: "error", requestId, path: c.req.path, error: "database unavailable", detail: String(err) }));
    c.header("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    c.header("Cache-Control", "no-store");
    return c.json({ code: "service_unavailable", message: UNAVAILABLE_MESSAGE, requestId } satisfies ErrorBody, 503);
  }
  if (err instanceof ApiError && err.status >= 500) {
    // Our own 5xx (e.g. a misconfigured server): logged in full, the client sees the generic text.
    // The request's log line carries it (worker/lib/request-log.ts); outside a request, a line of its own.
    if (!noteError(err)) console.error(JSON.stringify({ level: "error", requestId, path: c.req.path, error: err.message }));
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    if (err.code === "service_unavailable") return c.json({ code: err.code, message: err.message, requestId } satisfies ErrorBody, err.status);
  } else {
    if (!noteError(err)) console.error(JSON.stringify({ level: "error", requestId, path: c.req.path, error: String(err), stack: (err as Error)?.stack }));
  }
  return c.json({ code: "internal_error", message: "Something went wrong on our side.", requestId } satisfies ErrorBody, 500);
};

export const notFoundHandler: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) =>
  c.json({ code: "not_found", message: `No API route for ${c.req.method} ${c.req.path}.` } satisfies ErrorBody, 404);
