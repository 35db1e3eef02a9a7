import type { RegisterInput } from "@schemas/auth";
import type { LoginResponse } from "@schemas/user";
import { api } from "@/lib/api-client";
import { registrationServerProblems, REGISTRATION_FAILED } from "@/features/auth/registration-problems";

/** A refused registration with every message the server gave (spec §8). */
export class RegistrationError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "RegistrationError";
  }
}

/** POST /api/auth/register → { token, user }. Throws RegistrationError with the gathered messages. */
export async function registerRequest(body: RegisterInput): Promise<LoginResponse> {
  let res: Awaited<ReturnType<typeof api.api.auth.register.$post>>;
  try {
    res = await api.api.auth.register.$post({ json: body });
  } catch {
    throw new RegistrationError([REGISTRATION_FAILED]);
  }
  const data = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw new RegistrationError(registrationServerProblems(data));
  return data as LoginResponse;
}
