import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../env";
import { ApiError, type ErrorBody } from "../lib/errors";

const messageFor = (err: HTTPException) => {
  if (err.status === 400 && /json/i.test(err.message)) return "Malformed JSON in request body.";
  if (err.status === 413) return "Payload too large.";
  return err.message || "Request failed.";
};

/** Every error becomes DESIGN.md §4's envelope; unexpected ones are logged and answered 500. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  const requestId = c.get("requestId");
  if (err instanceof HTTPException) {
    const body: ErrorBody = { message: messageFor(err) };
    if (err instanceof ApiError) {
      if (err.errors) body.errors = err.errors;
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    }
    return c.json(body, err.status);
  }
  console.error(JSON.stringify({ level: "error", requestId, path: c.req.path, error: String(err), stack: (err as Error)?.stack }));
  return c.json({ message: "Something went wrong on our side.", requestId } satisfies ErrorBody, 500);
};

export const notFoundHandler: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) =>
  c.json({ message: `No API route for ${c.req.method} ${c.req.path}.` } satisfies ErrorBody, 404);
