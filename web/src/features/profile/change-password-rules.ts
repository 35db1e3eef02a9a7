import {
  NEW_PASSWORD_SAME_MESSAGE,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordSchema,
} from "@schemas/auth";

export const CURRENT_REQUIRED = "Current password is required.";
export const NEW_PASSWORDS_DO_NOT_MATCH = "New passwords do not match.";
export const REQUIREMENTS_MESSAGE = `New password does not meet requirements: at least 8 characters, uppercase, lowercase, number and a special character (${PASSWORD_SPECIAL_CHARACTERS}).`;

export type ChangePasswordForm = { currentPassword: string; newPassword: string; confirmNewPassword: string };

/** The first problem with the dialog's values (spec §5), or null. Same rules as the server's schema. */
export function changePasswordProblem(form: ChangePasswordForm): string | null {
  if (!form.currentPassword) return CURRENT_REQUIRED;
  if (!passwordSchema.safeParse(form.newPassword).success) return REQUIREMENTS_MESSAGE;
  if (form.newPassword !== form.confirmNewPassword) return NEW_PASSWORDS_DO_NOT_MATCH;
  if (form.newPassword === form.currentPassword) return NEW_PASSWORD_SAME_MESSAGE;
  return null;
}
