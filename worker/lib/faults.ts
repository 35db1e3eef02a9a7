/**
 * Test-only faults, switched on for one request by the `X-Fault-Injection` header when the
 * configuration allows it (`FAULT_INJECTION=on` and a local SITE_URL, worker/lib/config-guards.ts;
 * a deploy refuses the switch). The header holds one or more names, comma-separated:
 *  - `d1-unavailable`: every statement fails as D1 fails when it cannot be reached
 *    (worker/db/unavailable.ts);
 *  - `d1-replica-unavailable`: reads that may go to a read replica fail that way, while the
 *    primary answers (the request's reads must fall back to it, worker/db/session.ts);
 *  - `edge-cache-miss`: the edge cache has no entry for this request: the lookup is skipped and the
 *    answer is stored as on any miss. How tests and the bench read what the Worker computes now
 *    (a guest's own `Cache-Control: no-cache` is answered from the cache);
 *  - `edge-cache-unavailable`: every call to the Cache API fails;
 *  - `mail-queue-unavailable`: every send to the mail queue fails (the request's mail waits in the
 *    outbox for the cron, worker/jobs/mail.ts).
 */
import { faultInjectionEnabled } from "./config-guards";

export const FAULT_HEADER = "X-Fault-Injection";

const FAULTS = ["d1-unavailable", "d1-replica-unavailable", "edge-cache-miss", "edge-cache-unavailable", "mail-queue-unavailable"] as const;
export type Fault = (typeof FAULTS)[number];

const NONE: ReadonlySet<Fault> = new Set();
const isFault = (name: string): name is Fault => (FAULTS as readonly string[]).includes(name);

/** The faults a request asks for (none unless fault injection is on for this configuration). */
export function requestFaults(env: { SITE_URL?: unknown; FAULT_INJECTION?: unknown }, request: Request): ReadonlySet<Fault> {
  const header = request.headers.get(FAULT_HEADER);
  if (!header || !faultInjectionEnabled(env)) return NONE;
  const names = header.split(",").map((name) => name.trim()).filter(isFault);
  return names.length ? new Set(names) : NONE;
}

/** Copies a request's fault header onto the headers of a request the Worker makes for it. */
export function forwardFaults(from: Request, to: Headers): void {
  const header = from.headers.get(FAULT_HEADER);
  if (header) to.set(FAULT_HEADER, header);
}

/** A queue that is down: every send fails. */
function unavailableQueue(): Queue {
  const down = () => Promise.reject(new Error("Queue send failed: the queue is unavailable."));
  return { send: down, sendBatch: down } as unknown as Queue;
}

/**
 * The request's environment with the bindings other than D1 that its faults take down (the mail
 * queue); D1's faults are applied where the request's D1 session is opened (worker/db/session.ts).
 */
export function withFaultyBindings(env: Env, faults: ReadonlySet<Fault>): Env {
  return faults.has("mail-queue-unavailable") ? { ...env, MAIL_QUEUE: unavailableQueue() } : env;
}
