import type { Role } from "../roles";

/** The user object, as every /api response shows it (never a hash or session id). */
export type User = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  profilePictureUrl: string | null;
  roles: Role[];
  isActive: boolean;
  emailConfirmed: boolean;
  createdAt: string;
  lastLoginAt: string | null;
};

/** POST /auth/login and /auth/refresh answer with this. */
export type LoginResponse = { token: string; user: User };

/** POST /api/auth/register's answer (202), the same whether or not the address already had an account. */
export type RegisterResponse = { message: string };
