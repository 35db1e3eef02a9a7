import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  PASSWORD_MESSAGES,
  passwordChecks,
  PASSWORD_MAX,
} from "@schemas/auth";

export const REGISTRATION_FAILED = "Registration failed. Please try again.";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match.";

export type RegisterForm = { firstName: string; lastName: string; email: string; password: string; confirmPassword: string };

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/**
 * Everything wrong with the form, in the spec's order (§5): all problems are collected and
 * listed together. The rules and messages come from the Worker's own schemas.
 */
export function registrationClientProblems(form: RegisterForm): string[] {
  const problems: string[] = [];
  if (form.password !== form.confirmPassword) problems.push(PASSWORDS_DO_NOT_MATCH);
  const checks = passwordChecks(form.password);
  if (!checks.length) problems.push(PASSWORD_MESSAGES.length);
  if (form.password.length > PASSWORD_MAX) problems.push(PASSWORD_MESSAGES.tooLong);
  if (!checks.uppercase) problems.push(PASSWORD_MESSAGES.uppercase);
  if (!checks.lowercase) problems.push(PASSWORD_MESSAGES.lowercase);
  if (!checks.number) problems.push(PASSWORD_MESSAGES.number);
  if (!checks.special) problems.push(PASSWORD_MESSAGES.special);
  for (const message of [
    firstIssue(emailSchema.safeParse(form.email)),
    firstIssue(firstNameSchema.safeParse(form.firstName)),
    firstIssue(lastNameSchema.safeParse(form.lastName)),
  ]) {
    if (message) problems.push(message);
  }
  return problems;
}

/**
 * The server's reasons for refusing a registration (spec §8): every message of the `errors`
 * map (lists or single strings), the `message` field, and the `Description` of each entry of
 * an `Errors` list; when there are none, 'Registration failed. Please try again.'
 */
export function registrationServerProblems(body: unknown): string[] {
  const problems: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === "string" && value.trim() && !problems.includes(value.trim())) problems.push(value.trim());
  };
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    const errors = record.errors;
    if (errors && typeof errors === "object" && !Array.isArray(errors)) {
      for (const value of Object.values(errors)) {
        if (Array.isArray(value)) value.forEach(add);
        else add(value);
      }
    }
    add(record.message);
    const list = record.Errors ?? (Array.isArray(errors) ? errors : undefined);
    if (Array.isArray(list)) {
      for (const item of list) {
        if (item && typeof item === "object") add((item as Record<string, unknown>).Description ?? (item as Record<string, unknown>).description);
        else add(item);
      }
    }
  }
  return problems.length ? problems : [REGISTRATION_FAILED];
}
