/**
 * Lists page with OFFSET, which reads every row it skips, so their depth is capped (MAX_PAGE,
 * worker/schemas/query.ts; docs/scaling.md §5): a page number past the cap is a 400 with the
 * error envelope; a page past the last one (within the cap) is an empty page, not an error.
 */
import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "../../worker/schemas/query";
import { call } from "./helpers";

const LISTS = ["/api/news", "/api/media", "/api/unit", "/api/hero", "/api/spell", "/api/gameinfo"];

describe("list depth", () => {
  it.each(LISTS)("%s?page=MAX_PAGE+1 answers 400 validation_failed naming the page", async (path) => {
    const res = await call(`${path}?page=${MAX_PAGE + 1}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; errors?: Record<string, string[]> };
    expect(body.code).toBe("validation_failed");
    expect(Object.keys(body.errors ?? {})).toContain("page");
  });

  it.each(LISTS)("%s?page=MAX_PAGE (past the end) answers 200 with an empty page and the real total", async (path) => {
    const res = await call(`${path}?page=${MAX_PAGE}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: unknown[]; page: number; totalCount: number };
    expect(body.items).toEqual([]);
    expect(body.page).toBe(MAX_PAGE);
    expect(body.totalCount).toBeGreaterThanOrEqual(0);
  });
});
