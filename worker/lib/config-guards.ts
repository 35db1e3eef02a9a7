/**
 * Guards against operational footguns, shared by the Worker (checked at runtime) and the
 * deploy and seed scripts (checked before anything is uploaded or written). Pure: no Worker or
 * Node globals, relative imports only (plain Node scripts import it).
 */

/** The JWT_SECRET published in .dev.vars.example: never acceptable outside a local machine. */
export const EXAMPLE_JWT_SECRET = "change-me-to-at-least-32-random-bytes-of-secret-text";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"]);

/** True when the URL points at this machine (localhost, loopback, *.localhost). */
export function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return LOCAL_HOSTS.has(host) || host.endsWith(".localhost") || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** What makes a configuration unfit to deploy, one readable line each (empty when fine). */
export function deployProblems(config: { SITE_URL?: unknown; JWT_SECRET?: unknown; JWT_SECRET_PREVIOUS?: unknown; FAULT_INJECTION?: unknown }): string[] {
  const problems: string[] = [];
  const site = typeof config.SITE_URL === "string" ? config.SITE_URL : "";
  if (!site) problems.push("SITE_URL is not set: set it under [vars] in wrangler.toml to the site's public https address.");
  else if (isLocalUrl(site)) problems.push(`SITE_URL is still ${site}: set it under [vars] in wrangler.toml to the site's public https address before deploying.`);
  else if (!site.startsWith("https://")) problems.push(`SITE_URL must be an https address (it is ${site}).`);
  if (config.JWT_SECRET === EXAMPLE_JWT_SECRET) {
    problems.push("JWT_SECRET is the example value from .dev.vars.example: set a random one with `npx wrangler secret put JWT_SECRET`.");
  }
  if (config.JWT_SECRET_PREVIOUS === EXAMPLE_JWT_SECRET) {
    problems.push("JWT_SECRET_PREVIOUS is the example value from .dev.vars.example: a token signed with it must never be accepted (docs/key-rotation.md).");
  }
  if (config.FAULT_INJECTION !== undefined) problems.push(FAULT_INJECTION_PROBLEM);
  return problems;
}

/**
 * FAULT_INJECTION turns on the test-only fault switch (worker/db/session.ts): a request with the
 * header `X-Fault-Injection: d1-unavailable` then finds the database unavailable. Only the test
 * configurations set it; a deploy refuses it, and the Worker refuses to serve with it on a public
 * SITE_URL.
 */
export const FAULT_INJECTION_PROBLEM = "FAULT_INJECTION is a test-only switch: remove it from the configuration (it lets any request fail on purpose).";

/** True when test faults may be injected: the switch is on and the site is this machine. */
export function faultInjectionEnabled(env: { SITE_URL?: unknown; FAULT_INJECTION?: unknown }): boolean {
  return env.FAULT_INJECTION === "on" && typeof env.SITE_URL === "string" && isLocalUrl(env.SITE_URL);
}

/** Problems the running Worker refuses to serve with (on top of missing values). */
export function runtimeConfigProblems(env: { SITE_URL?: unknown; JWT_SECRET?: unknown; JWT_SECRET_PREVIOUS?: unknown; FAULT_INJECTION?: unknown }): string[] {
  const site = typeof env.SITE_URL === "string" ? env.SITE_URL : "";
  const problems: string[] = [];
  if (env.JWT_SECRET === EXAMPLE_JWT_SECRET && site && !isLocalUrl(site)) {
    problems.push("JWT_SECRET: the example value from .dev.vars.example must not be used outside a local machine.");
  }
  if (env.JWT_SECRET_PREVIOUS === EXAMPLE_JWT_SECRET && site && !isLocalUrl(site)) {
    problems.push("JWT_SECRET_PREVIOUS: the example value from .dev.vars.example must not be accepted outside a local machine.");
  }
  if (env.FAULT_INJECTION !== undefined && env.FAULT_INJECTION !== "" && !(site && isLocalUrl(site))) problems.push(FAULT_INJECTION_PROBLEM);
  return problems;
}

/**
 * Names of the bindings a wrangler configuration marks as remote (`remote = true`): the seed
 * refuses to run when there is any, since it must only ever write to local state.
 */
export function remoteBindingNames(config: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (record.remote === true || record.experimental_remote === true) {
      found.push(String(record.binding ?? record.name ?? record.queue ?? "unnamed binding"));
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(config);
  return found;
}
