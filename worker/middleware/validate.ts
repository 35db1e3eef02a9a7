import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { fieldErrorsFromIssues } from "@shared/field-errors";
import { validationFailed } from "../lib/errors";

/**
 * The one validation wrapper: zod through @hono/zod-validator, failures answered with
 * 400 `{ code: "validation_failed", message: "Validation failed.", errors }`. Malformed JSON is rejected by Hono's
 * validator itself (400) before the schema runs.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      throw validationFailed(fieldErrorsFromIssues(result.error.issues));
    }
  });
