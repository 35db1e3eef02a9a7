import { expect, test } from "@playwright/test";

test("a deep link such as /news/5 answers the SPA's HTML with 200", async ({ request }) => {
  const res = await request.get("/news/5");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/html");
  expect(await res.text()).toContain('<div id="root">');
});

test("/api/unknown answers a JSON 404", async ({ request }) => {
  const res = await request.get("/api/unknown");
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ code: "not_found", message: "No API route for GET /api/unknown." });
});
