import { z } from "zod";
import { ROLES } from "../db/schema";

/** The user object of, as every /api response shows it (never a hash or session id). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  profilePictureUrl: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  isActive: z.boolean(),
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

export type User = z.infer<typeof userSchema>;

/** POST /auth/login, /auth/register and /auth/refresh answer with this. */
export type LoginResponse = { token: string; user: User };
