import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { validationFailed, type FieldErrors } from "../lib/errors";

/** Turns zod issues into `{ field: [messages] }`; issues without a path go under "_". */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

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
      throw validationFailed(fieldErrors(result.error.issues));
    }
  });
