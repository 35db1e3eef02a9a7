/**
 * Field errors: what the API's error envelope carries under `errors` and what forms show next to
 * their fields. Built from zod issues the same way on both sides, so a message the server sends
 * for a field lands under the same field the client would have put it.
 */

/** Field name (a dotted path for nested fields; "_" for the whole form) → messages. */
export type FieldErrors = Record<string, string[]>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** Groups zod issues by field, keeping their order; issues without a path go under "_". */
export function fieldErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
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
