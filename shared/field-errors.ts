/**
 * Field errors: what the API's error envelope carries under `errors` and what forms show next to
 * their fields. Built from zod issues the same way on both sides, so a message the server sends
 * for a field lands under the same field the client would have put it.
 */

/** Field name (a dotted path for nested fields; "_" for the whole form) → messages. */
export type FieldErrors = Record<string, string[]>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string; readonly code?: string; readonly keys?: readonly string[] };

/**
 * Groups zod issues by field, keeping their order; issues without a path go under "_". Keys a
 * strict object does not know (zod's `unrecognized_keys`) are each named as a field of their own.
 */
export function fieldErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.length ? path.map(String).join(".") : "_";
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys" && issue.keys?.length) for (const name of issue.keys) add([...issue.path, name], issue.message);
    else add(issue.path, issue.message);
  }
  return errors;
}

/**
 * Every message once, fields in `order` first (in that order), then the rest as they came.
 * For forms that list all problems together.
 */
export function allMessages(errors: FieldErrors, order: readonly string[] = []): string[] {
  const fields = [...order.filter((f) => f in errors), ...Object.keys(errors).filter((f) => !order.includes(f))];
  const out: string[] = [];
  for (const field of fields) for (const message of errors[field] ?? []) if (!out.includes(message)) out.push(message);
  return out;
}
