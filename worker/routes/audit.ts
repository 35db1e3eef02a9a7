import { Hono } from "hono";
import { auditFilterOptions, listAudit } from "../db/queries/audit";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { noStore } from "../lib/game-read";
import { requireAdmin } from "../middleware/auth";
import { validate } from "../middleware/validate";
import { auditFiltersQuerySchema, auditQuerySchema } from "../../shared/schemas/audit";
import { paged } from "../../shared/schemas/query";

/** The log is read only: any other method on its paths is refused (it cannot be changed or deleted). */
const readOnly = (): never => {
  throw new ApiError(405, "The audit log is read-only: its entries cannot be changed or deleted.", { headers: { Allow: "GET, HEAD" } });
};

/**
 * /api/audit (administrators): who did what and when, newest first and paged, filtered by user,
 * entity type (and id), action and a date range. No route writes to it; audit rows are written
 * only by the writes they record, in the same batch, and the table refuses UPDATE and DELETE.
 * Never cached.
 */
export const auditRoutes = new Hono<AppEnv>()
  // Before the role check: no one, whatever their role, gets anything but a read here.
  .use(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") readOnly();
    await next();
  })
  .use(requireAdmin)
  .get("/", validate("query", auditQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { items, totalCount } = await listAudit(c.get("db"), query);
    noStore(c);
    return c.json(paged(items, totalCount, query), 200);
  })
  .get("/filters", validate("query", auditFiltersQuerySchema), async (c) => {
    const body = await auditFilterOptions(c.get("db"));
    noStore(c);
    return c.json(body, 200);
  });
