/**
 * The hostile-input campaign. Requests are generated with fast-check from the app's own route
 * list (`api.routes`) and each route's own zod schemas (`validationOf`), so a route added later is
 * covered without editing this file: every mutating route (bodies, path ids, query strings) and
 * every GET route's query parameters get wrong types, huge/negative/NaN numbers, unicode edge
 * cases (NUL, lone surrogates, U+2028, RTL marks), 1000-level JSON, 1 MB strings, duplicate keys,
 * wrong content types, malformed and empty bodies, arrays for objects. Each is sent as an admin
 * (passes the role gates, reaches validation and the handler) and as a guest.
 *
 * Proven per request: never a status ≥ 500; every non-2xx answer is the JSON error envelope with a
 * `code`; after every refused request, the database is byte-for-byte what it was (a SHA-256 over
 * every table's rows) and the edge cache's generation is the one it was (no refused request can
 * empty the cache). A second run sends every mutating route under encoded, doubled, dotted and
 * otherwise odd spellings of its path, as an admin and as a guest, with the same proofs. The seed
 * is printed; `FC_SEED=<n>` replays a run exactly.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { storedEdgeGeneration } from "../../worker/lib/edge-cache";
import { campaignTargets, JSON_TYPE, oddPaths, plausible, requestFor, routeTargets } from "./hostile-requests";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit } from "./game-fixtures";
import { call, createUser, tokenFor, uniqueIp } from "./helpers";

const SEED = env.FC_SEED ? Number(env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
/** Requests per covered route: admin and guest. ≥ 500 in all with today's ~50 routes. */
const ADMIN_PER_ROUTE = 9;
const GUEST_PER_ROUTE = 3;

/**
 * Refused requests that write by design, and the only tables they may change: a wrong password
 * at sign-in reserves one of the network's five checks and counts toward the account's brake
 * before it is refused; password checks elsewhere, and mail that is refused for going over its
 * budget, take from their D1 budget first.
 */
const WRITES_WHEN_REFUSED: Record<string, string[]> = {
  "POST /api/auth/login": ["login_brakes", "login_locks"],
  "POST /api/auth/change-password": ["rate_counters"],
  "POST /api/auth/resend-verification": ["rate_counters"],
  "POST /api/auth/forgot-password": ["rate_counters"],
  "POST /api/account/delete": ["rate_counters"],
  "POST /api/admin/users/:id/verification-mail": ["rate_counters"],
  "POST /api/admin/users/:id/password-reset-mail": ["rate_counters"],
};

// ---------------------------------------------------------------------------------------------
// The database checksum
// ---------------------------------------------------------------------------------------------

let tables: string[] = [];
/** Tables declared WITHOUT ROWID (e.g. facet_counts): no rowid to order by, so rows are sorted as text. */
let withoutRowid = new Set<string>();

/** SHA-256 of every table's rows (one D1 round trip), per table. */
async function checksum(): Promise<Map<string, string>> {
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(withoutRowid.has(t) ? `SELECT * FROM "${t}"` : `SELECT * FROM "${t}" ORDER BY rowid`)));
  const sums = new Map<string, string>();
  for (const [i, r] of results.entries()) {
    const rows = r.results.map((row) => JSON.stringify(row));
    if (withoutRowid.has(tables[i]!)) rows.sort();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`[${rows.join(",")}]`));
    sums.set(tables[i]!, [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""));
  }
  return sums;
}

const changedTables = (a: Map<string, string>, b: Map<string, string>) => [...a.keys()].filter((t) => a.get(t) !== b.get(t));

/**
 * The edge cache's current generation id (worker/lib/edge-cache.ts): a refused request must never
 * start one. The first guest read of a fresh cache creates the first one; that is no change.
 */
const storedGeneration = async () => (await storedEdgeGeneration())?.id ?? null;
const generationMoved = (before: string | null, after: string | null) => before !== null && after !== before;


// ---------------------------------------------------------------------------------------------
// The campaign
// ---------------------------------------------------------------------------------------------

/** An existing row for the routes whose id it names (so spoiled bodies reach a real record). */
const realIds: Record<string, string> = {};
let adminId = 0;

beforeAll(async () => {
  const rows = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name").all<{ name: string; sql: string | null }>();
  // FTS shadow tables mirror their content tables; the virtual tables themselves are read.
  tables = rows.results.map((r) => r.name).filter((n) => !/_(data|idx|docsize|config|content)$/.test(n));
  withoutRowid = new Set(rows.results.filter((r) => /WITHOUT\s+ROWID/i.test(r.sql ?? "")).map((r) => r.name));
  adminId = (await createUser(env, { roles: ["User", "Admin"] })).id;
  const target = await createUser(env, { roles: ["User"] });
  const faction = await insertFaction();
  realIds["/api/faction"] = String(faction);
  realIds["/api/unit"] = String(await insertUnit(faction));
  realIds["/api/hero"] = String(await insertHero(faction));
  realIds["/api/spell"] = String(await insertSpell());
  realIds["/api/gameinfo"] = String(await insertGameInfo());
  realIds["/api/admin/users"] = String(target.id);
  // A pending media item with a low id: plausible review bodies (POST /api/media/review) name it.
  await env.DB.prepare("INSERT INTO media_items (id, title, media_type, original_url) VALUES (1, 'Pending', 'image', 'https://cdn.example.com/p.jpg')").run();
  realIds["/api/media"] = "1";
});

/**
 * A hostile `true` in an otherwise valid settings body is a legitimate admin write that switches
 * maintenance mode on, after which guests rightly get 503 `maintenance_mode`. The campaign is
 * about input handling, so it switches maintenance off again (through the API, which also
 * refreshes the isolate's settings cache) before the next request.
 */
async function maintenanceOff(token: string): Promise<void> {
  const res = await call("/api/settings", { token, ip: uniqueIp() });
  const settings = (await res.json()) as { maintenanceMode?: boolean } & Record<string, unknown>;
  if (!settings.maintenanceMode) return;
  const put = await call("/api/settings", { method: "PUT", token, ip: uniqueIp(), json: { ...settings, maintenanceMode: false } });
  expect(put.status, "switching maintenance mode off again").toBe(200);
}

const realIdFor = (path: string) => Object.entries(realIds).find(([prefix]) => path.startsWith(`${prefix}/`))?.[1];

/** The error envelope's `code`, or undefined when the body is not the envelope. */
function envelopeCode(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === "string" && code ? code : undefined;
  } catch {
    return undefined;
  }
}

describe("hostile-input campaign", () => {
  it("covers every mutating route and every route with query parameters", () => {
    const targets = campaignTargets();
    expect(targets.filter((t) => t.method !== "GET").length).toBeGreaterThan(30);
    expect(targets.length * (ADMIN_PER_ROUTE + GUEST_PER_ROUTE)).toBeGreaterThanOrEqual(500);
  });

  it("notices a changed row (the checksum is not blind)", async () => {
    const before = await checksum();
    await env.DB.prepare("UPDATE users SET first_name = first_name || '!' WHERE id = ?1").bind(adminId).run();
    expect(changedTables(before, await checksum())).toEqual(["users"]);
  });

  it("answers every hostile request below 500, in the error envelope, leaving the database as it was when refused", async () => {
    const started = Date.now();
    const targets = campaignTargets();
    const failures: string[] = [];
    let sent = 0;
    let fiveXx = 0;
    let refused = 0;
    let accepted = 0;
    let rowsChanged = 0;
    const statuses = new Map<number, number>();
    let adminToken = await tokenFor(env, adminId);
    let before = await checksum();
    let generationsStarted = 0;

    for (const [n, t] of targets.entries()) {
      const samples = fc.sample(requestFor(t, realIdFor(t.path)), { seed: SEED + n, numRuns: ADMIN_PER_ROUTE + GUEST_PER_ROUTE });
      for (const [i, req] of samples.entries()) {
        const caller = i < ADMIN_PER_ROUTE ? "admin" : "guest";
        const path = t.path.replace(/:([A-Za-z]+)/g, (_, p: string) => req.pathValues?.[p] ?? "1") + (req.query ?? "");
        const generation = await storedGeneration();
        const res = await call(path, {
          method: t.method,
          token: caller === "admin" ? adminToken : undefined,
          ip: uniqueIp(),
          headers: req.headers,
          body: t.method === "GET" || t.method === "HEAD" ? undefined : (req.body ?? null),
        });
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const what = `#${sent} ${t.route} as ${caller}, ${req.label}, ${path.slice(0, 120)}`;
        const text = await res.text();
        if (res.status >= 500) {
          fiveXx++;
          failures.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
        }
        if (res.status >= 400) {
          if (!envelopeCode(text)) failures.push(`${what}: ${res.status} without the envelope: ${text.slice(0, 200)}`);
        }
        const after = await checksum();
        const moved = generationMoved(generation, await storedGeneration());
        if (res.status >= 300) {
          refused++;
          if (moved) {
            generationsStarted++;
            failures.push(`${what}: refused with ${res.status} but started a new edge-cache generation`);
          }
          const allowed = WRITES_WHEN_REFUSED[t.route] ?? [];
          const changed = changedTables(before, after).filter((name) => !allowed.includes(name));
          if (changed.length) {
            rowsChanged += changed.length;
            failures.push(`${what}: refused with ${res.status} but changed ${changed.join(", ")}`);
          }
        } else {
          accepted++;
          // An accepted write may have been a sign-out or a refresh: next request gets a fresh token.
          if (caller === "admin") {
            adminToken = await tokenFor(env, adminId);
            await maintenanceOff(adminToken);
            before = await checksum();
            continue;
          }
        }
        before = after;
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `hostile-input campaign: seed ${SEED} (replay with FC_SEED=${SEED}); ${sent} requests over ${targets.length} routes ` +
        `(${targets.filter((t) => t.method !== "GET").length} mutating, ${targets.filter((t) => t.method === "GET").length} GET with query parameters); ` +
        `${fiveXx} answers ≥ 500; ${refused} refused, ${accepted} accepted; tables changed by refused requests: ${rowsChanged}; cache generations started by refused requests: ${generationsStarted}; ${seconds} s; statuses ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ")}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(500);
  }, 180_000);

  it("answers every mutating route under odd spellings of its path below 500, in the envelope, changing neither the database nor the cache generation when refused", async () => {
    const targets = routeTargets().filter((t) => t.method !== "GET");
    const failures: string[] = [];
    let sent = 0;
    let refused = 0;
    let adminToken = await tokenFor(env, adminId);
    for (const t of targets) {
      // Real ids reach real records, except for DELETE (a normalised spelling would delete the fixture).
      const id = t.method === "DELETE" ? "999999" : (realIdFor(t.path) ?? "1");
      const path = t.path.replace(/:([A-Za-z]+)/g, () => id);
      const body = t.method === "DELETE" ? undefined : JSON.stringify(t.json ? plausible(t.json) : {});
      for (const odd of oddPaths(path)) {
        for (const caller of ["admin", "guest"] as const) {
          const before = await checksum();
          const generation = await storedGeneration();
          const res = await call(odd, {
            method: t.method,
            token: caller === "admin" ? adminToken : undefined,
            ip: uniqueIp(),
            headers: body === undefined ? {} : JSON_TYPE,
            body: body ?? null,
          });
          sent++;
          const text = await res.text();
          const what = `${t.route} as ${caller} at ${odd.slice(0, 120)}: ${res.status}`;
          if (res.status >= 500) failures.push(`${what} ${text.slice(0, 200)}`);
          if (res.status >= 400) {
            if (!envelopeCode(text)) failures.push(`${what} without the envelope: ${text.slice(0, 200)}`);
          }
          if (res.status >= 300) {
            refused++;
            const allowed = WRITES_WHEN_REFUSED[t.route] ?? [];
            const changed = changedTables(before, await checksum()).filter((name) => !allowed.includes(name));
            if (changed.length) failures.push(`${what} but changed ${changed.join(", ")}`);
            if (generationMoved(generation, await storedGeneration())) failures.push(`${what} but started a new edge-cache generation`);
          } else if (caller === "admin") {
            adminToken = await tokenFor(env, adminId);
            await maintenanceOff(adminToken);
          }
        }
      }
    }
    console.log(`hostile-input odd paths: ${sent} requests over ${targets.length} mutating routes; ${refused} refused; ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(sent).toBe(targets.length * 10 * 2);
  }, 180_000);
});
