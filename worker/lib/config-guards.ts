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

/** The values a deploy is checked on (the built wrangler.json's vars and routes, the secrets). */
type DeployValues = {
  SITE_URL?: unknown;
  MAIL_FROM?: unknown;
  JWT_SECRET?: unknown;
  JWT_SECRET_PREVIOUS?: unknown;
  FAULT_INJECTION?: unknown;
  /** wrangler's `routes`: patterns, or `{ pattern, custom_domain?, zone_name? }`. */
  routes?: unknown;
};

/** Top-level domains that never carry real mail (RFC 2606, 6761, 6762). */
const NO_MAIL_TLDS = new Set(["example", "invalid", "localhost", "test", "local"]);

/** True when a route pattern (`codex.example.org`, `*.example.org/*`) serves the host. */
function routeServes(route: unknown, host: string): boolean {
  const pattern = typeof route === "string" ? route : (route as { pattern?: unknown } | null)?.pattern;
  if (typeof pattern !== "string") return false;
  const routeHost = pattern.replace(/^https?:\/\//, "").split("/")[0]!.toLowerCase();
  return routeHost.startsWith("*") ? host.endsWith(routeHost.slice(1)) : host === routeHost;
}

/** What makes a configuration unfit to deploy, one readable line each (empty when fine). */
export function deployProblems(config: DeployValues): string[] {
  const problems: string[] = [];
  const site = typeof config.SITE_URL === "string" ? config.SITE_URL : "";
  if (!site) problems.push("SITE_URL is not set: set it under [vars] in wrangler.toml to the site's public https address.");
  else if (isLocalUrl(site)) problems.push(`SITE_URL is still ${site}: set it under [vars] in wrangler.toml to the site's public https address before deploying.`);
  else if (!site.startsWith("https://") || !URL.canParse(site)) problems.push(`SITE_URL must be an https address (it is ${site}).`);
  else {
    const host = new URL(site).hostname.toLowerCase();
    const routes = Array.isArray(config.routes) ? config.routes : [];
    if (!host.endsWith(".workers.dev") && !routes.some((route) => routeServes(route, host))) {
      problems.push(`SITE_URL is ${site}, but no route of wrangler.toml serves ${host}: add \`routes = [{ pattern = "${host}", custom_domain = true }]\` at its top.`);
    }
  }
  const from = typeof config.MAIL_FROM === "string" ? config.MAIL_FROM : "";
  const mailDomain = /^[^@\s]+@([^@\s]+\.[^@\s]+)$/.exec(from)?.[1]?.toLowerCase();
  if (!from) problems.push("MAIL_FROM is not set: set it under [vars] in wrangler.toml to an address on the domain onboarded to Email Sending.");
  else if (!mailDomain) problems.push(`MAIL_FROM must be an e-mail address (it is ${from}).`);
  else if (NO_MAIL_TLDS.has(mailDomain.split(".").pop()!)) {
    problems.push(`MAIL_FROM is still ${from}, on a domain that cannot send mail: set it under [vars] in wrangler.toml to an address on the domain onboarded to Email Sending.`);
  }
  if (config.JWT_SECRET === EXAMPLE_JWT_SECRET) {
    problems.push("JWT_SECRET is the example value from .dev.vars.example: set a random one with `npx wrangler secret put JWT_SECRET`.");
  }
  if (config.JWT_SECRET_PREVIOUS === EXAMPLE_JWT_SECRET) {
    problems.push("JWT_SECRET_PREVIOUS is the example value from .dev.vars.example: a token signed with it must never be accepted (docs/key-rotation.md).");
  }
  if (config.FAULT_INJECTION !== undefined) problems.push(FAULT_INJECTION_PROBLEM);
  return problems;
}

/** The parts of a wrangler configuration bindingProblems reads. */
type BindingConfig = {
  d1_databases?: { binding?: string; database_name?: string; database_id?: string }[];
  queues?: { producers?: { queue?: string }[]; consumers?: { queue?: string; dead_letter_queue?: string }[] };
};

/**
 * Bindings a deploy would get wrong: a D1 database wrangler cannot find by name (or one with a
 * placeholder id), and a queue this Worker sends to or dead-letters into that nothing consumes
 * (account mail would wait in it for ever).
 */
export function bindingProblems(config: BindingConfig): string[] {
  const problems: string[] = [];
  for (const db of config.d1_databases ?? []) {
    if (!db.database_name) problems.push(`D1 binding ${db.binding}: database_name is missing (wrangler finds the database by it).`);
    if (db.database_id && /^[0-]+$/.test(db.database_id)) problems.push(`D1 binding ${db.binding}: database_id ${db.database_id} is a placeholder; remove it (the name is enough).`);
  }
  const consumed = new Set((config.queues?.consumers ?? []).map((c) => c.queue));
  const sent = [
    ...(config.queues?.producers ?? []).map((p) => p.queue),
    ...(config.queues?.consumers ?? []).map((c) => c.dead_letter_queue),
  ];
  for (const queue of new Set(sent)) {
    if (queue && !consumed.has(queue)) problems.push(`Queue ${queue} is sent to but has no [[queues.consumers]] entry: nothing would ever handle its messages.`);
  }
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
