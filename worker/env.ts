import { z } from "zod";
import { runtimeConfigProblems } from "./lib/config-guards";
import type { Database } from "./db/client";
import type { Role } from "./db/schema";
import type { PublicSiteSettings } from "../shared/schemas/settings";

/** Secrets and vars the Worker cannot run without, checked once per isolate. */
const envSchema = z.object({
  JWT_SECRET: z
    .string({ error: "JWT_SECRET is missing: put it in .dev.vars locally or `wrangler secret put JWT_SECRET`." })
    .min(32, "JWT_SECRET must be at least 32 characters long."),
  // Set only while keys are rotated (docs/key-rotation.md); empty or absent otherwise.
  JWT_SECRET_PREVIOUS: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 32, "JWT_SECRET_PREVIOUS must be at least 32 characters long, or empty when no rotation is under way."),
  FASTCOMMENTS_TENANT_ID: z.string().min(1, "FASTCOMMENTS_TENANT_ID is missing."),
  FASTCOMMENTS_API_SECRET: z.string().min(1, "FASTCOMMENTS_API_SECRET is missing."),
  SITE_URL: z.url("SITE_URL must be an absolute URL."),
  JWT_ISSUER: z.string().min(1),
  JWT_AUDIENCE: z.string().min(1),
});

/** What is wrong with an environment, one readable line per problem (empty when usable). */
export function envProblems(env: Record<string, unknown>): string[] {
  const result = envSchema.safeParse(env);
  const missing = result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  return [...missing, ...runtimeConfigProblems(env)];
}

/** The variables the checks read (the schema's, and FAULT_INJECTION for runtimeConfigProblems). */
const CHECKED_KEYS = [...Object.keys(envSchema.shape), "FAULT_INJECTION"];
const checked = new Map<string, string[]>();

/**
 * Validates an environment the first time this isolate sees its values and remembers the
 * answer. Keyed by the values, not the object: every request gets its own copy of the
 * environment (its D1 session in place of DB), and validating each copy cost about 3 % of an
 * API read's CPU.
 */
export function checkEnv(env: Env): string[] {
  const record = env as unknown as Record<string, unknown>;
  const key = JSON.stringify(CHECKED_KEYS.map((name) => record[name] ?? null));
  let problems = checked.get(key);
  if (!problems) checked.set(key, (problems = envProblems(record)));
  return problems;
}

export type AuthUser = {
  id: number;
  email: string;
  roles: Role[];
  sessionId: string;
};

/** The comment widget's public settings: a guest's widget starts from them without an API call. */
export type CommentsWidgetSettings = { tenantId: string; region: "eu" | null };

/** The settings a page is served with, as the site settings middleware (worker/lib/site-html.ts) hands them to the page registry. */
export type SiteContext = { settings: PublicSiteSettings; widget: CommentsWidgetSettings; fingerprint: string };

/** Hono generics shared by every route. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Database;
    /** Set by the auth middleware when a valid session token was sent. */
    user?: AuthUser;
    /** Set for pages (not /api or /files) by the site settings middleware (worker/lib/site-html.ts). */
    site?: SiteContext;
    /** Set by routes declared content writes (worker/middleware/content-write.ts). */
    contentWrite?: true;
  };
};
