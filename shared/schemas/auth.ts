/**
 * Account forms and bodies. Pure zod: the Worker validates with these and the web
 * forms import the very same schemas, so the messages match letter for letter.
 */
import { z } from "zod";
import { text } from "./text";

/** Limits the spec leaves open: checked here and by CHECK constraints in D1. */
const NAME_MAX = 100;
const EMAIL_MAX = 254;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
const PICTURE_URL_MAX = 2048;

/** The token of a mailed link (URL-safe base64 of 32 bytes), with the message for a broken one. */
const linkToken = (message: string) => text({ error: message }).regex(/^[A-Za-z0-9_-]{20,100}$/, message);

/** POST /api/auth/verify-email: the token from the link. */
export const verifyEmailSchema = z.object({ token: linkToken("The verification link is incomplete.") });

export const RESET_LINK_INCOMPLETE = "The password reset link is incomplete. Open it again from the e-mail, or ask for a new one.";

/** POST /api/auth/reset-password/check: is this reset link still good? */
export const resetLinkSchema = z.object({ token: linkToken(RESET_LINK_INCOMPLETE) });

/** POST /api/auth/unlock: the token from the lock mail's link. */
export const unlockSchema = z.object({ token: linkToken("The unlock link is incomplete. Open it again from the e-mail.") });

/** The fixed set of special characters a password must draw at least one from. */
const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&*()_+-=[]{};':\"\\|,.<>/?~`";

export const PASSWORD_MESSAGES = {
  length: "Password must be at least 8 characters long.",
  uppercase: "Password must contain at least one uppercase letter.",
  lowercase: "Password must contain at least one lowercase letter.",
  number: "Password must contain at least one number.",
  special: "Password must contain at least one special character.",
  tooLong: `Password must be at most ${PASSWORD_MAX} characters long.`,
} as const;

const hasSpecial = (value: string) => [...value].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch));

/** The password rules, each reported separately. */
const passwordSchema = text({ error: "Password is required." })
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.length)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong)
  .regex(/[A-Z]/, PASSWORD_MESSAGES.uppercase)
  .regex(/[a-z]/, PASSWORD_MESSAGES.lowercase)
  .regex(/[0-9]/, PASSWORD_MESSAGES.number)
  .refine(hasSpecial, PASSWORD_MESSAGES.special);

/** Which password rules a value meets (for the register page's live checklist). */
export const passwordChecks = (value: string) => ({
  length: value.length >= PASSWORD_MIN,
  uppercase: /[A-Z]/.test(value),
  lowercase: /[a-z]/.test(value),
  number: /[0-9]/.test(value),
  special: hasSpecial(value),
});

/** Trimmed and lower-cased; the stored form of every email. */
const emailSchema = text({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .min(1, "Email is required.")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters long.`)
  .pipe(z.email("Please enter a valid email address."));

const nameSchema = (label: "First name" | "Last name") =>
  text({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters long.`);

const firstNameSchema = nameSchema("First name");
const lastNameSchema = nameSchema("Last name");

/** Built-in avatars live here. */
const AVATAR_PATH_PREFIX = "/images/icons/avatars/";
const AVATAR_PATH = /^\/images\/icons\/avatars\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:webp|png|jpe?g|gif|svg)$/;

/**
 * The site's own uploaded files (`/files/<key>`, no `..`). No other address is accepted for a
 * profile picture: an external URL would tell its owner who looked at a profile or a comment.
 */
const OWN_FILE_PATH = /^\/files\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)*$/;
const isOwnFile = (value: string) => OWN_FILE_PATH.test(value) && !value.split("/").some((s) => s === "." || s === "..");

/** True when a stored or submitted picture is one the site serves itself. */
export const isAllowedProfilePicture = (value: string) => AVATAR_PATH.test(value) || isOwnFile(value);

/**
 * A profile picture: a built-in avatar path or one of the site's own files. `null` or "" clears
 * the picture; leaving the field out keeps the current one (an empty avatar sends no value).
 */
const profilePictureUrlSchema = text({ error: "Profile picture must be text." })
  .trim()
  .max(PICTURE_URL_MAX, `Profile picture URL must be at most ${PICTURE_URL_MAX} characters long.`)
  .refine(
    (value) => value === "" || isAllowedProfilePicture(value),
    `Profile picture must be one of the avatars under ${AVATAR_PATH_PREFIX} or a file uploaded to this site.`,
  );

export const loginSchema = z.object({
  email: emailSchema,
  password: text({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The one answer POST /api/auth/register gives (202), whether the address was new (it gets a
 * verification link) or already had an account (its owner gets a notice).
 */
export const REGISTERED = "Check your inbox: we've sent a message to that address with what to do next.";

/** The one answer POST /api/auth/forgot-password gives, whether or not the address has an account. */
export const RESET_REQUESTED = "If an account exists for that address, we've sent a link.";

/** POST /api/auth/forgot-password and its form. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the link's token and the new password (the registration rules). */
export const resetPasswordSchema = z.object({ token: linkToken(RESET_LINK_INCOMPLETE), newPassword: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page's form: the new password and its confirmation (the token comes from the URL). */
export const resetPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: text() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords do not match.", path: ["confirmPassword"] });

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register page's form: the API body plus the confirmation field. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: text() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match.", path: ["confirmPassword"] });

export const profileSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  profilePictureUrl: profilePictureUrlSchema.nullable().optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

const NEW_PASSWORD_SAME_MESSAGE = "New password must be different from current password.";
export const NEW_PASSWORD_REQUIREMENTS_MESSAGE = `New password does not meet requirements: at least 8 characters, uppercase, lowercase, number and a special character (${PASSWORD_SPECIAL_CHARACTERS}).`;

const changePasswordFields = z.object({
  currentPassword: text({ error: "Current password is required." })
    .min(1, "Current password is required.")
    .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong),
  /** The same rules as registration, reported as one message. */
  newPassword: text({ error: NEW_PASSWORD_REQUIREMENTS_MESSAGE }).refine((value) => passwordSchema.safeParse(value).success, NEW_PASSWORD_REQUIREMENTS_MESSAGE),
});

const newPasswordDiffers = (v: { currentPassword: string; newPassword: string }) => v.newPassword !== v.currentPassword;
const sameAsCurrent = { message: NEW_PASSWORD_SAME_MESSAGE, path: ["newPassword"] };

export const changePasswordSchema = changePasswordFields.refine(newPasswordDiffers, sameAsCurrent);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password dialog: the API body plus the confirmation field. */
export const changePasswordFormSchema = changePasswordFields
  .extend({ confirmNewPassword: text() })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: "New passwords do not match.",
    path: ["confirmNewPassword"],
  })
  .refine(newPasswordDiffers, sameAsCurrent);
