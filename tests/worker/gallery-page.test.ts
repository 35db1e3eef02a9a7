import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./helpers";

/** The JSON of `<script type="application/json" id="initial-data">`, or null when absent. */
function initialData(html: string): Record<string, unknown> | null {
  const match = html.match(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

let categoryId = 0;
beforeAll(async () => {
  const cat = await env.DB.prepare("INSERT INTO media_categories (name, slug, color) VALUES ('Art', 'art-page', '#A855F7') RETURNING id").first<{ id: number }>();
  categoryId = cat!.id;
  for (const [title, approved] of [["Shown on the page", 1], ["Hidden pending", 0]] as const) {
    await env.DB.prepare(
      `INSERT INTO media_items (title, description, media_type, category_id, is_approved, original_key, large_key, thumbnail_key, thumbnail_webp_key, width, height)
       VALUES (?1, 'd', 'image', ?2, ?3, 'media/p/original.jpg', 'media/p/large.jpg', 'media/p/thumb.jpg', 'media/p/thumb.webp', 1600, 900)`,
    )
      .bind(title, categoryId, approved)
      .run();
  }
});

describe("GET /screenshots painted at the edge", () => {
  it("carries the gallery's first page and filters under the SPA's keys, equal to the API's answers (200)", async () => {
    const res = await call(`/screenshots?categoryId=${categoryId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const data = initialData(html)!;
    const listKey = `/api/media?approvedOnly=true&categoryId=${categoryId}&pageSize=20`;
    expect(Object.keys(data).sort()).toEqual(["/api/media/filters", listKey]);
    const list = (await (await call(listKey)).json()) as { items: { title: string }[] };
    expect(data[listKey]).toEqual(list);
    expect(list.items.map((i) => i.title)).toEqual(["Shown on the page"]);
    expect(data["/api/media/filters"]).toEqual(await (await call("/api/media/filters")).json());
    expect(html).not.toContain("Hidden pending");
  });

  it("has the gallery's title, canonical, share image, JSON-LD and a preload of the first WebP thumbnail (200)", async () => {
    const html = await (await call("/screenshots")).text();
    expect(html).toContain("<title>Gallery | Realm Codex</title>");
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/screenshots"/);
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/files\/media\/p\/large\.jpg"/);
    expect(html).toContain('"@type":"ImageGallery"');
    expect(html).toContain('<link rel="preload" as="image" href="/files/media/p/thumb.webp" fetchpriority="high" type="image/webp">');
  });
});
