import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { fieldErrorsFromIssues } from "@shared/field-errors";
import { validationFailed } from "../lib/errors";

/** What one `validate()` middleware checks: the part of the request and its schema. */
export type RouteValidation = { target: keyof ValidationTargets; schema: ZodType };

const registry = new WeakMap<object, RouteValidation>();

/**
 * The validation a route handler performs, when the handler is a `validate()` middleware. Tests
 * walk the app's route list with it (the hostile-input campaign generates requests from each
 * route's own schemas, so a new route is covered without a test edit).
 */
export const validationOf = (handler: unknown): RouteValidation | undefined =>
  typeof handler === "function" ? registry.get(handler) : undefined;

/**
 * The one validation wrapper: zod through @hono/zod-validator, failures answered with
 * 400 `{ code: "validation_failed", message: "Validation failed.", errors }`. Malformed JSON is rejected by Hono's
 * validator itself (400) before the schema runs.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) => {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      throw validationFailed(fieldErrorsFromIssues(result.error.issues));
    }
  });
  registry.set(middleware, { target, schema });
  return middleware;
};
