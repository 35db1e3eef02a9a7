import type { DrizzleD1Database } from "drizzle-orm/d1";
import { z } from "zod";
import type * as schema from "./db/schema";
import type { Role } from "./db/schema";

/** Secrets and vars the Worker cannot run without, checked once per isolate. */
const envSchema = z.object({
  JWT_SECRET: z
    .string({ error: "JWT_SECRET is missing: put it in .dev.vars locally or `wrangler secret put JWT_SECRET`." })
    .min(32, "JWT_SECRET must be at least 32 characters long."),
  FASTCOMMENTS_TENANT_ID: z.string().min(1, "FASTCOMMENTS_TENANT_ID is missing."),
  FASTCOMMENTS_API_SECRET: z.string().min(1, "FASTCOMMENTS_API_SECRET is missing."),
  SITE_URL: z.url("SITE_URL must be an absolute URL."),
  JWT_ISSUER: z.string().min(1),
  JWT_AUDIENCE: z.string().min(1),
});

export type CheckedEnv = z.infer<typeof envSchema>;

let checked: { ok: true } | { ok: false; problems: string[] } | undefined;

/**
 * Validates the environment the first time it is seen by this isolate and remembers the answer.
 * Returns the list of problems (empty when the environment is usable).
 */
export function checkEnv(env: Env): string[] {
  if (!checked) {
    const result = envSchema.safeParse(env);
    checked = result.success
      ? { ok: true }
      : { ok: false, problems: result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  }
  return checked.ok ? [] : checked.problems;
}

export type Database = DrizzleD1Database<typeof schema>;

export type AuthUser = {
  id: number;
  email: string;
  roles: Role[];
  sessionId: string;
};

/** Hono generics shared by every route. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Database;
    /** Set by the auth middleware when a valid session token was sent. */
    user?: AuthUser;
  };
};
