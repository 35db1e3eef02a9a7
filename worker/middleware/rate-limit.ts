import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/** The client's IP as Cloudflare reports it; never a client-supplied header like X-Forwarded-For. */
export const clientIp = (header: string | undefined) => header?.trim() || null;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  // A trailing dotted IPv4 part (::ffff:192.0.2.1) becomes two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const b = v4.slice(1).map(Number);
    if (b.some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The rate-limit key of a client address: an IPv4 address as it is, an IPv6 address by its
 * /64 prefix (one subscriber usually holds a whole /64, so keying on the full address would
 * hand out 2^64 budgets). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function rateLimitKey(ip: string | null): string {
  if (!ip) return "unknown";
  if (!ip.includes(":")) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip.toLowerCase();
  const isV4Mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isV4Mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

const RATE_LIMITED = "Too many requests. Please wait a minute and try again.";
const tooMany = () => new ApiError(429, RATE_LIMITED, { headers: { "Retry-After": "60" } });

/**
 * Per-address limit on the auth routes through the AUTH_LIMITER binding (20 requests per 60 s,
 * wrangler.toml), keyed by `rateLimitKey`. Over the limit: 429 with Retry-After: 60 and the
 * error envelope.
 */
export const authRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const key = rateLimitKey(clientIp(c.req.header("CF-Connecting-IP")));
  const { success } = await c.env.AUTH_LIMITER.limit({ key: `auth:${key}` });
  if (!success) throw tooMany();
  await next();
});

/**
 * Per-account budget for password checks (ACCOUNT_LIMITER, wrangler.toml), on top of the
 * per-address one: spreading guesses over many addresses does not multiply them. `account` is
 * the normalised email at sign-in, or the user id for change-password.
 */
export async function accountRateLimit(c: Context<AppEnv>, account: string): Promise<void> {
  const { success } = await c.env.ACCOUNT_LIMITER.limit({ key: `account:${account}` });
  if (!success) throw tooMany();
}
