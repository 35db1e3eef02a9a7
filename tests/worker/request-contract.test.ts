/**
 * The API's URL contract (ADR 0047, docs/conventions.md), checked on every route it applies to,
 * read from the app's own route list (`api.routes` and each route's `validate()` schemas), so a
 * route added later is covered without editing this file:
 * - every GET route refuses an unknown query parameter: 400 `validation_failed` naming it;
 * - every list pages with the one paging query: the same 400 for page 0, -1, 1.5, 1.0, abc or past
 *   MAX_PAGE, and for pageSize 0, 1.5, abc or one past the list's own maximum; the answer is the
 *   one envelope; a page past the last one (within MAX_PAGE) is 200 with no items;
 * - every route with a record id in its path answers the same 400 for 0, -1, 1.5, abc, 007 and
 *   99999999999999999999.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { z, type ZodType } from "zod";
import { api } from "../../worker/app";
import { validationOf } from "../../worker/middleware/validate";
import { ID_MESSAGE, idParamSchema, MAX_PAGE, pageCount, UNKNOWN_PARAMETER } from "../../shared/schemas/query";
import { call, userWithToken } from "./helpers";

type Envelope = { code: string; message: string; errors?: Record<string, string[]> };
type Route = { route: string; method: string; path: string; query?: ZodType; param?: ZodType };
type JsonSchema = { properties?: Record<string, { enum?: unknown[] }>; required?: string[] };

/** Every mounted route with the query and path schemas its `validate()` middlewares apply. */
function routes(): Route[] {
  const byRoute = new Map<string, Route>();
  for (const r of api.routes) {
    if (r.method === "ALL") continue;
    const route = `${r.method} ${r.path}`;
    const entry = byRoute.get(route) ?? { route, method: r.method, path: r.path };
    byRoute.set(route, entry);
    const v = validationOf(r.handler);
    if (v?.target === "query") entry.query = v.schema;
    if (v?.target === "param") entry.param = v.schema;
  }
  return [...byRoute.values()];
}

const jsonSchema = (schema: ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
const queryKeys = (r: Route) => Object.keys(r.query ? (jsonSchema(r.query).properties ?? {}) : {});

/** The route's path with sample values (an id that names nothing, a slug that exists nowhere). */
const concrete = (path: string, id = "999999") => path.replace(/:slug/g, "no-such-slug").replace(/:[A-Za-z]+/g, id);

/** The route's required query parameters with values it accepts (the change history needs its record). */
function requiredQuery(r: Route): URLSearchParams {
  const schema = r.query ? jsonSchema(r.query) : {};
  return new URLSearchParams((schema.required ?? []).map((name) => [name, String(schema.properties?.[name]?.enum?.[0] ?? "1")]));
}

const withQuery = (r: Route, extra: Record<string, string>) => {
  const query = requiredQuery(r);
  for (const [k, v] of Object.entries(extra)) query.set(k, v);
  return `${concrete(r.path)}?${query}`;
};

const bodyOf = async (res: Response) => (await res.json()) as Envelope;

let admin = "";
beforeAll(async () => {
  admin = (await userWithToken(["User", "Admin"])).token;
});

describe("unknown query parameters", () => {
  const gets = () => routes().filter((r) => r.method === "GET");

  it("every GET route validates its query with a strict schema", () => {
    const loose = gets().filter((r) => !r.query || r.query.safeParse({ ...Object.fromEntries(requiredQuery(r)), zz: "1" }).success);
    expect(loose.map((r) => r.route)).toEqual([]);
    expect(gets().length).toBeGreaterThan(40);
  });

  it("every GET route answers 400 validation_failed naming an unknown parameter (as an admin, past every role gate)", async () => {
    const failures: string[] = [];
    for (const r of gets()) {
      const res = await call(withQuery(r, { [`zz${Date.now().toString(36)}`]: "1", zz: "x" }), { token: admin });
      const body = await bodyOf(res);
      if (res.status !== 400 || body.code !== "validation_failed" || body.errors?.zz?.[0] !== UNKNOWN_PARAMETER) {
        failures.push(`${r.route}: ${res.status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("as a guest, through the edge cache, every GET route answers that 400 (or 401 where members only may read), never cached", async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const r of gets()) {
      const path = withQuery(r, { zz: crypto.randomUUID() });
      const res = await call(path, { edgeCache: true });
      const body = await bodyOf(res);
      if (res.headers.get("X-Edge-Cache") !== null) failures.push(`${r.route}: ${res.headers.get("X-Edge-Cache")}`);
      if (res.status === 401) continue;
      refused++;
      if (res.status !== 400 || body.errors?.zz?.[0] !== UNKNOWN_PARAMETER) failures.push(`${r.route}: ${res.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
    // The public reads (news, game content, media, search, settings, health...) are among them.
    expect(refused).toBeGreaterThan(25);
  });
});

describe("the paging contract", () => {
  const lists = () => routes().filter((r) => r.method === "GET" && queryKeys(r).includes("page"));
  const paged = () => lists().filter((r) => queryKeys(r).includes("pageSize"));

  it("the lists that page are the ones expected (a new one is checked below as it is)", () => {
    expect(paged().map((r) => r.route).sort()).toEqual(
      [
        "GET /api/admin/users",
        "GET /api/audit",
        "GET /api/backlinks",
        "GET /api/wiki/broken-links",
        "GET /api/gameinfo",
        "GET /api/hero",
        "GET /api/history",
        "GET /api/media",
        "GET /api/news",
        "GET /api/spell",
        "GET /api/unit",
      ].sort(),
    );
    expect(lists().map((r) => r.route)).toContain("GET /api/search");
  });

  it("page 0, -1, 1.5, 1.0, abc, 1e2, a blank-padded 1 and MAX_PAGE + 1 answer the same 400 naming page on every list", async () => {
    const failures: string[] = [];
    for (const r of lists()) {
      for (const page of ["0", "-1", "1.5", "1.0", "abc", "1e2", " 1", String(MAX_PAGE + 1)]) {
        const res = await call(withQuery(r, { page }), { token: admin });
        const body = await bodyOf(res);
        const want: Envelope = { code: "validation_failed", message: "Validation failed.", errors: { page: [`Page must be a whole number from 1 to ${MAX_PAGE}.`] } };
        if (res.status !== 400 || JSON.stringify(body) !== JSON.stringify(want)) failures.push(`${r.route} page=${page}: ${res.status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("pageSize 0, 1.5, abc and one past the list's maximum answer the same 400 naming pageSize; the maximum itself is served", async () => {
    const failures: string[] = [];
    for (const r of paged()) {
      const probe = await bodyOf(await call(withQuery(r, { pageSize: "0" }), { token: admin }));
      const message = probe.errors?.pageSize?.[0] ?? "";
      const max = Number(/^Page size must be a whole number from 1 to (\d+)\.$/.exec(message)?.[1]);
      if (!max) {
        failures.push(`${r.route}: pageSize=0 answered ${JSON.stringify(probe)}`);
        continue;
      }
      for (const pageSize of ["0", "1.5", "abc", "-3", String(max + 1), "1000000"]) {
        const res = await call(withQuery(r, { pageSize }), { token: admin });
        const body = await bodyOf(res);
        const want: Envelope = { code: "validation_failed", message: "Validation failed.", errors: { pageSize: [message] } };
        if (res.status !== 400 || JSON.stringify(body) !== JSON.stringify(want)) failures.push(`${r.route} pageSize=${pageSize}: ${res.status} ${JSON.stringify(body)}`);
      }
      const served = await call(withQuery(r, { pageSize: String(max) }), { token: admin });
      if (served.status !== 200) failures.push(`${r.route} pageSize=${max}: ${served.status}`);
      else if (((await served.json()) as { pageSize: number }).pageSize !== max) failures.push(`${r.route} pageSize=${max}: another page size answered`);
    }
    expect(failures).toEqual([]);
  });

  it("every list answers the one envelope { items, totalCount, page, pageSize, totalPages }, totalPages stopping at MAX_PAGE", async () => {
    const failures: string[] = [];
    for (const r of paged()) {
      const res = await call(withQuery(r, { page: "2", pageSize: "1" }), { token: admin });
      const body = (await res.json()) as Record<string, unknown>;
      const keys = Object.keys(body).filter((k) => k !== "capped").sort();
      const total = body.totalCount as number;
      const ok =
        res.status === 200 &&
        JSON.stringify(keys) === JSON.stringify(["items", "page", "pageSize", "totalCount", "totalPages"]) &&
        Array.isArray(body.items) &&
        body.page === 2 &&
        body.pageSize === 1 &&
        body.totalPages === Math.min(total, MAX_PAGE);
      if (!ok) failures.push(`${r.route}: ${res.status} ${JSON.stringify({ ...body, items: undefined })}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("a page past the last one", () => {
  const lists = () => routes().filter((r) => r.method === "GET" && queryKeys(r).includes("page"));

  it("every list answers 200 with no items, the page asked and the totals of page one (as an admin: MAX_PAGE deep)", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const r of lists()) {
      const size = queryKeys(r).includes("pageSize")
        ? Number(/(\d+)\.$/.exec((await bodyOf(await call(withQuery(r, { pageSize: "0" }), { token: admin }))).errors?.pageSize?.[0] ?? "")?.[1])
        : undefined;
      const sized: Record<string, string> = size ? { pageSize: String(size) } : {};
      const first = (await (await call(withQuery(r, sized), { token: admin })).json()) as Record<string, unknown>;
      const total = first.totalCount as number;
      // A list with more than MAX_PAGE − 1 full pages has no page past its end to ask for.
      if (size && total > (MAX_PAGE - 1) * size) continue;
      checked++;
      const res = await call(withQuery(r, { ...sized, page: String(MAX_PAGE) }), { token: admin });
      const body = (await res.json()) as Record<string, unknown> & { items?: unknown[]; groups?: { items: unknown[] }[] };
      const items = body.items ?? (body.groups ?? []).flatMap((g) => g.items);
      const ok =
        res.status === 200 &&
        body.page === MAX_PAGE &&
        items.length === 0 &&
        body.totalCount === total &&
        body.totalPages === first.totalPages &&
        (size === undefined || body.totalPages === pageCount(total, size));
      if (!ok) failures.push(`${r.route} page=${MAX_PAGE}: ${res.status} ${JSON.stringify({ ...body, items: items.length })}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(lists().length);
  });
});

describe("record ids in paths", () => {
  /** Paths whose `:id` is not a record id: a session's or an upload's own identifier (a UUID). */
  const OPAQUE_IDS = /^\/api\/(account\/sessions|uploads)\//;
  const withId = () => routes().filter((r) => /:id\b/.test(r.path) && !OPAQUE_IDS.test(r.path));

  it("every route with a record id in its path validates it with idParamSchema", () => {
    expect(withId().filter((r) => r.param !== idParamSchema).map((r) => r.route)).toEqual([]);
    expect(withId().length).toBeGreaterThan(30);
  });

  it("0, -1, 1.5, abc, 007 and 99999999999999999999 answer the same 400 naming id on every such route (as an admin)", async () => {
    const failures: string[] = [];
    const want: Envelope = { code: "validation_failed", message: "Validation failed.", errors: { id: [ID_MESSAGE] } };
    for (const r of withId()) {
      for (const id of ["0", "-1", "1.5", "abc", "007", "99999999999999999999"]) {
        const res = await call(`${concrete(r.path, id)}?${requiredQuery(r)}`, { method: r.method, token: admin, ...(r.method === "GET" || r.method === "DELETE" ? {} : { json: {} }) });
        const body = await bodyOf(res);
        if (res.status !== 400 || JSON.stringify(body) !== JSON.stringify(want)) failures.push(`${r.route} id=${id}: ${res.status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
