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
import { z, type ZodType } from "zod";
import { api } from "../../worker/app";
import { storedEdgeGeneration } from "../../worker/lib/edge-cache";
import { validationOf } from "../../worker/middleware/validate";
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
// The routes, read from the app
// ---------------------------------------------------------------------------------------------

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  format?: string;
  default?: unknown;
};

type Target = { route: string; method: string; path: string; json?: JsonSchema; query?: JsonSchema };

const toJsonSchema = (schema: ZodType): JsonSchema => {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return {};
  }
};

/** Every route the API mounts with the schemas its `validate()` middlewares apply. */
function routeTargets(): Target[] {
  const byRoute = new Map<string, Target>();
  for (const r of api.routes) {
    if (r.method === "ALL") continue;
    const route = `${r.method} ${r.path}`;
    const t = byRoute.get(route) ?? { route, method: r.method, path: r.path };
    byRoute.set(route, t);
    const v = validationOf(r.handler);
    if (v?.target === "json") t.json = toJsonSchema(v.schema);
    if (v?.target === "query") t.query = toJsonSchema(v.schema);
  }
  return [...byRoute.values()];
}

const queryKeys = (t: Target) => Object.keys(t.query?.properties ?? {});
/** Mutating routes, and GET routes that take query parameters. */
const campaignTargets = () => routeTargets().filter((t) => t.method !== "GET" || queryKeys(t).length > 0);

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

let uniq = 0;
/** A value the schema most likely accepts (best effort: the base that one hostile field spoils). */
function plausible(s: JsonSchema | undefined, key = ""): unknown {
  if (!s) return "x";
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return plausible(alt.find((a) => a.type !== "null") ?? alt[0], key);
  if (s.allOf?.length) return plausible(s.allOf[0], key);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, k)]));
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => plausible(s.items, key));
    case "integer":
    case "number":
      return Math.max(s.minimum ?? 1, 1);
    case "boolean":
      // false: a settings body that happens to be valid must not switch on maintenance mode.
      return false;
    case "string": {
      if (s.format === "email" || /email/i.test(key)) return `hostile-${Date.now().toString(36)}-${++uniq}@example.com`;
      if (/url/i.test(key)) return "";
      if (/password/i.test(key)) return "Hostile#Pass1";
      const min = Math.max(s.minLength ?? 1, 1);
      return `hostile${++uniq}`.padEnd(min, "x").slice(0, s.maxLength ?? 10_000);
    }
    default:
      return "x";
  }
}

const ONE_MB = "x".repeat(1024 * 1024);
const deep = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
const deepJsonText = "[".repeat(1000) + "]".repeat(1000);

/** Unicode and text edge cases. */
const EDGE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\u2028\u2029",
  "\u202e\u200fevil\u202c",
  "\ufeff",
  "\ufffe\uffff",
  "\r\n\r\n",
  "\u001b[31m",
  "\u0085\u009f",
  "🙂".repeat(300),
  "e\u0301".repeat(200),
  "𝕳𝖊𝖑𝖑𝖔",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "-1e309",
  "0x1F",
  "9007199254740993",
  "99999999999999999999999",
  "1.5",
  "true",
  "null",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\"; DROP TABLE users; --",
  "../../../etc/passwd",
  "%00",
  "/files/../secret",
  "javascript:alert(1)",
  "http://169.254.169.254/",
];

const EDGE_NUMBERS = [-1, 0, -0.5, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MAX_SAFE_INTEGER, 5e-324];

/** A hostile value for a field whose schema is `s` (the limit + 1 when it has one). */
const hostileValue = (s: JsonSchema | undefined): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...EDGE_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom<unknown>(...EDGE_NUMBERS), weight: 2 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
    { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), weight: 2 },
    { arbitrary: fc.constantFrom<unknown>([], {}, [[]], ["a", 1, null], { nested: { deeper: [] } }), weight: 1 },
    { arbitrary: fc.constant(s?.maxLength !== undefined ? "y".repeat(s.maxLength + 1) : "y".repeat(70_000)), weight: 1 },
    { arbitrary: fc.constant(s?.maximum !== undefined ? s.maximum + 1 : 2 ** 62), weight: 1 },
    { arbitrary: fc.constant(s?.minimum !== undefined ? s.minimum - 1 : -(2 ** 62)), weight: 1 },
    { arbitrary: fc.constant(deep(1000)), weight: 1 },
    { arbitrary: fc.constant(ONE_MB), weight: 1 },
    { arbitrary: fc.anything({ maxDepth: 3 }), weight: 1 },
  );

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

type Hostile = {
  label: string;
  pathValues?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  body?: string;
};

const HOSTILE_SEGMENTS = ["-1", "0", "1.5", "1e3", "NaN", "%00", "99999999999999999999", "%F0%9F%98", "%ZZ", "x".repeat(3000), "1;DROP", "0x10", "%20"];
/** Percent-encodes a string; a lone surrogate becomes its (invalid) UTF-8 bytes, as a sloppy client would send it. */
const encodeLoosely = (value: string) =>
  [...value]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return "%ED%A0%80";
      }
    })
    .join("");
const HOSTILE_QUERY_VALUES = [...EDGE_STRINGS.map(encodeLoosely), "%", "%ZZ", "%C0%AF", "%FF%FE", "%ED%A0%80", "x".repeat(20_000), "-99999999999", "1e309"];

const JSON_TYPE = { "Content-Type": "application/json" };

/** One request for a body-taking route: a field spoiled, the whole body wrong, or the framing wrong. */
function bodyRequest(t: Target): fc.Arbitrary<Hostile> {
  const schema = t.json;
  const props = schema?.properties ?? {};
  const keys = Object.keys(props);
  const base = () => (schema ? plausible(schema) : {}) as Record<string, unknown>;
  const options: fc.Arbitrary<Hostile>[] = [
    // One field hostile, the rest plausible.
    (keys.length ? fc.constantFrom(...keys) : fc.constant("unexpected")).chain((key) =>
      hostileValue(props[key]).map((value) => {
        const body = { ...base(), [key]: value };
        return { label: `field ${key}`, headers: JSON_TYPE, body: JSON.stringify(body) ?? "null" };
      }),
    ),
    // A required field missing, or an unknown one added.
    fc.constantFrom(...(keys.length ? keys : ["none"])).map((key) => {
      const body = base();
      delete body[key];
      return { label: `without ${key}`, headers: JSON_TYPE, body: JSON.stringify(body) };
    }),
    fc.constant(null).map(() => ({ label: "unknown key __proto__", headers: JSON_TYPE, body: `{"__proto__":{"isAdmin":true},${JSON.stringify(base()).slice(1)}` })),
    // Duplicate keys: the second spelling hostile.
    fc.tuple(fc.constantFrom(...(keys.length ? keys : ["id"])), hostileValue(undefined)).map(([key, value]) => {
      const text = JSON.stringify(base());
      const dup = `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`;
      return { label: `duplicate ${key}`, headers: JSON_TYPE, body: text === "{}" ? `{${dup},${dup}}` : `${text.slice(0, -1)},${dup}}` };
    }),
    // The body's type wrong.
    fc.constantFrom<unknown>([], [{}], 1, -1, "text", null, true, [base()], deep(1000)).map((value) => ({
      label: `body ${Array.isArray(value) ? "array" : typeof value}`,
      headers: JSON_TYPE,
      body: JSON.stringify(value),
    })),
    // Malformed JSON and empty bodies.
    fc.constantFrom(
      "",
      "{",
      "}",
      '{"a":',
      "{'a': 1}",
      '{"a": 1,}',
      "NaN",
      "undefined",
      "\u0000",
      "\ufeff{}",
      '{"a": "\\ud800"}',
      '{"a": "\\u0000"}',
      '{"a": 1e999999}',
      deepJsonText,
      "[".repeat(100_000),
      `{"big":"${ONE_MB}"}`,
    ).map((body) => ({ label: `raw ${JSON.stringify(body.slice(0, 12))}`, headers: JSON_TYPE, body })),
    // Wrong content types with a plausible body.
    fc
      .constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-16",
        "application/xml",
        "",
      )
      .map((type) => ({
        label: `content-type ${JSON.stringify(type)}`,
        headers: (type ? { "Content-Type": type } : {}) as Record<string, string>,
        body: type.startsWith("application/x-www") ? new URLSearchParams(base() as Record<string, string>).toString() : JSON.stringify(base()),
      })),
  ];
  return fc.oneof(...options);
}

/** Hostile query strings: each known parameter with a hostile value, repeated, or unknown ones. */
function queryString(t: Target): fc.Arbitrary<string> {
  const keys = queryKeys(t);
  if (!keys.length) return fc.constantFrom("", "?unknown=%00", "?page=-1&page=2");
  return fc.oneof(
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...HOSTILE_QUERY_VALUES)).map(([k, v]) => `?${k}=${v}`),
    fc.tuple(fc.constantFrom(...keys), fc.string({ unit: "binary", maxLength: 30 })).map(([k, v]) => `?${k}=${encodeLoosely(v)}`),
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...HOSTILE_QUERY_VALUES), fc.constantFrom(...HOSTILE_QUERY_VALUES)).map(([k, a, b]) => `?${k}=${a}&${k}=${b}`),
    fc.constantFrom(...keys).map((k) => `?${k}[]=1&${k}[x]=2`),
    fc.constantFrom(...keys).map((k) => `?${k}`),
    fc.constant(`?${keys.map((k) => `${k}=%00`).join("&")}`),
  );
}

function requestFor(t: Target, realId: string | undefined): fc.Arbitrary<Hostile> {
  const params = [...t.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  // DELETE with a real id would delete the fixture: hostile ids only there.
  const segment = realId && t.method !== "DELETE" ? fc.oneof(fc.constant(realId), fc.constantFrom(...HOSTILE_SEGMENTS)) : fc.constantFrom(...HOSTILE_SEGMENTS);
  const pathValues = params.length ? fc.tuple(...params.map(() => segment)).map((vs) => Object.fromEntries(params.map((p, i) => [p, vs[i]!]))) : fc.constant({});
  const body: fc.Arbitrary<Hostile> = t.method === "GET" ? fc.constant({ label: "query" }) : bodyRequest(t);
  return fc.tuple(pathValues, queryString(t), body).map(([pv, q, b]) => ({ ...b, pathValues: pv, query: q }));
}

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

/**
 * Odd spellings of a concrete API path: the last character percent-encoded (`…/vie%77`), a doubled
 * or dotted slash, a trailing slash, an encoded slash, upper case, a matrix parameter, NUL, an
 * encoded traversal and a backslash. Some are the route itself once the URL is normalised; most
 * name no route. Either way the answer must be below 500 and in the envelope, and a refused one
 * must change nothing.
 */
function oddPaths(path: string): string[] {
  const cut = path.lastIndexOf("/");
  const last = path.slice(cut + 1);
  const encodedLast = last ? `${last.slice(0, -1)}%${last.charCodeAt(last.length - 1).toString(16).toUpperCase().padStart(2, "0")}` : last;
  return [
    `${path.slice(0, cut + 1)}${encodedLast}`,
    path.replace("/api/", "/api//"),
    `${path}/`,
    path.replace("/api/", "/api/./"),
    `${path.slice(0, cut)}%2F${last}`,
    path.toUpperCase(),
    `${path};x=1`,
    `${path}%00`,
    path.replace("/api/", "/api/x/..%2F"),
    `${path}%5C`,
  ];
}

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
