/**
 * The requests of the hostile-input campaign (tests/worker/hostile-input.test.ts): the routes the
 * app mounts with the JSON schemas of their zod validation, values a schema most likely accepts
 * and hostile ones that spoil them, and odd spellings of a route's path. fast-check arbitraries
 * only; the campaign and its proofs are in the test.
 */
import fc from "fast-check";
import { z, type ZodType } from "zod";
import { api } from "../../worker/app";
import { validationOf } from "../../worker/middleware/validate";

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
export function routeTargets(): Target[] {
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
export const campaignTargets = () => routeTargets().filter((t) => t.method !== "GET" || queryKeys(t).length > 0);

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

let uniq = 0;
/** A value the schema most likely accepts (best effort: the base that one hostile field spoils). */
export function plausible(s: JsonSchema | undefined, key = ""): unknown {
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

export const JSON_TYPE = { "Content-Type": "application/json" };

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

export function requestFor(t: Target, realId: string | undefined): fc.Arbitrary<Hostile> {
  const params = [...t.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  // DELETE with a real id would delete the fixture: hostile ids only there.
  const segment = realId && t.method !== "DELETE" ? fc.oneof(fc.constant(realId), fc.constantFrom(...HOSTILE_SEGMENTS)) : fc.constantFrom(...HOSTILE_SEGMENTS);
  const pathValues = params.length ? fc.tuple(...params.map(() => segment)).map((vs) => Object.fromEntries(params.map((p, i) => [p, vs[i]!]))) : fc.constant({});
  const body: fc.Arbitrary<Hostile> = t.method === "GET" ? fc.constant({ label: "query" }) : bodyRequest(t);
  return fc.tuple(pathValues, queryString(t), body).map(([pv, q, b]) => ({ ...b, pathValues: pv, query: q }));
}


/**
 * Odd spellings of a concrete API path: the last character percent-encoded (`…/vie%77`), a doubled
 * or dotted slash, a trailing slash, an encoded slash, upper case, a matrix parameter, NUL, an
 * encoded traversal and a backslash. Some are the route itself once the URL is normalised; most
 * name no route. Either way the answer must be below 500 and in the envelope, and a refused one
 * must change nothing.
 */
export function oddPaths(path: string): string[] {
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
