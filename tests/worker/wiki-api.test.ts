/**
 * The wiki over the API (docs/design/wiki.md): guide and news reads carry the rendered body,
 * saves keep the links table, "What links here", the moderators' broken links and preview, and
 * stat cards that follow a unit's edit through the cache generations.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Backlink, BrokenLink } from "../../shared/schemas/wiki";
import type { Paged } from "../../shared/schemas/query";
import { call, userWithToken } from "./helpers";
import { insertFaction, insertGameInfo, insertUnit, unique } from "./game-fixtures";

type Article = { id: number; slug: string; contentHtml: string; toc: { id: string; text: string; level: number }[]; content: string };
type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };

const tokens = { user: "", moderator: "" };
let factionId = 0;
beforeAll(async () => {
  tokens.user = (await userWithToken(["User"])).token;
  tokens.moderator = (await userWithToken(["Moderator"])).token;
  factionId = await insertFaction();
});

const createGuide = async (content: string, over: Record<string, unknown> = {}) => {
  const res = await call("/api/gameinfo", {
    method: "POST",
    token: tokens.moderator,
    json: { title: unique("Guide"), category: "Strategy", summary: "", content, isPublished: true, ...over },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Article;
};
const backlinks = async (type: string, id: number, token?: string) => {
  const res = await call(`/api/backlinks?type=${type}&id=${id}`, token ? { token } : {});
  expect(res.status).toBe(200);
  return (await res.json()) as Paged<Backlink>;
};

describe("rendered bodies in reads", () => {
  it("a guide read carries contentHtml and a table of contents; raw HTML stays text (200)", async () => {
    const guide = await createGuide("## One\n\n## Two\n\n## Three\n\n<b>not bold</b>");
    const res = await call(`/api/gameinfo/slug/${guide.slug}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Article;
    expect(body.contentHtml).toContain('<h2 id="one">One</h2>');
    expect(body.contentHtml).toContain("&lt;b&gt;not bold&lt;/b&gt;");
    expect(body.toc.map((t) => t.id)).toEqual(["one", "two", "three"]);
    expect(body.content).toContain("## One");
  });

  it("a news article read carries its rendered body (200)", async () => {
    const res = await call("/api/news", {
      method: "POST",
      token: tokens.moderator,
      json: { title: unique("News"), summary: "Short.", content: "Patch day: **big** changes.", author: "Codex Team", isPublished: true, tags: [] },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const read = (await (await call(`/api/news/${id}`)).json()) as Article;
    expect(read.contentHtml).toBe("<p>Patch day: <strong>big</strong> changes.</p>\n");
  });
});

describe("what links here", () => {
  it("lists the guides that link to or embed a unit; a draft only for moderators; a deletion removes it", async () => {
    const unit = await insertUnit(factionId);
    const linking = await createGuide(`See [[unit:${unit}]].`);
    const embedding = await createGuide(`{{unit:${unit}}}`);
    const draft = await createGuide(`[[unit:${unit}]]`, { isPublished: false });
    const guest = await backlinks("unit", unit);
    expect(guest.items.map((b) => b.id).sort()).toEqual([linking.id, embedding.id].sort());
    expect(guest.items.find((b) => b.id === embedding.id)).toMatchObject({ type: "guide", embeds: true, path: `/game-info/${embedding.slug}`, isPublished: true });
    expect(guest.totalCount).toBe(2);
    const moderator = await backlinks("unit", unit, tokens.moderator);
    expect(moderator.items.map((b) => b.id)).toContain(draft.id);
    expect((await call(`/api/gameinfo/${linking.id}`, { method: "DELETE", token: tokens.moderator })).status).toBe(204);
    expect((await backlinks("unit", unit)).items.map((b) => b.id)).toEqual([embedding.id]);
  });

  it("an edit that removes the link removes the guide from the list", async () => {
    const unit = await insertUnit(factionId);
    const guide = await createGuide(`[[unit:${unit}]]`);
    const read = (await (await call(`/api/gameinfo/${guide.id}`, { token: tokens.moderator })).json()) as Record<string, unknown>;
    const res = await call(`/api/gameinfo/${guide.id}`, { method: "PUT", token: tokens.moderator, json: { ...read, content: "No links any more." } });
    expect(res.status).toBe(200);
    expect((await backlinks("unit", unit)).totalCount).toBe(0);
  });

  it("a body stored without its links (seeded) is indexed after its first read", async () => {
    const unit = await insertUnit(factionId);
    const slug = `seeded-${Date.now().toString(36)}`;
    await insertGameInfo({ slug, is_published: 1, content: `[[unit:${unit}]]` });
    expect((await backlinks("unit", unit)).totalCount).toBe(0);
    expect((await call(`/api/gameinfo/slug/${slug}`)).status).toBe(200);
    await expect.poll(async () => (await backlinks("unit", unit)).totalCount).toBe(1);
  });

  it.each([
    ["an unknown type", "type=castle&id=1", "type"],
    ["a missing id", "type=unit", "id"],
    ["a malformed id", "type=unit&id=007", "id"],
  ])("refuses %s with 400 validation_failed", async (_, query, field) => {
    const res = await call(`/api/backlinks?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe("validation_failed");
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });
});

describe("broken links and preview (moderators)", () => {
  it("lists missing, hidden and ambiguous references with their page; guests 401, members 403", async () => {
    const hidden = await insertUnit(factionId, { is_active: 0 });
    const twin = unique("Twin");
    await insertUnit(factionId, { name: twin });
    await insertUnit(factionId, { name: twin });
    const guide = await createGuide(`[[unit:99999999|gone]] [[unit:${hidden}|hidden]] [[${twin}]]\n\n{{spell:99999999}}`);
    expect((await call("/api/wiki/broken-links")).status).toBe(401);
    expect((await call("/api/wiki/broken-links", { token: tokens.user })).status).toBe(403);
    const res = await call("/api/wiki/broken-links?pageSize=100", { token: tokens.moderator });
    expect(res.status).toBe(200);
    const mine = ((await res.json()) as Paged<BrokenLink>).items.filter((b) => b.source.id === guide.id && b.source.type === "guide");
    expect(mine.map((b) => [b.text, b.reason]).sort()).toEqual([
      ["gone", "missing"],
      ["hidden", "hidden"],
      [twin, "ambiguous"],
      ["{{spell:99999999}}", "missing"],
    ].sort());
    expect(mine[0]!.source.path).toBe(`/game-info/${guide.slug}`);
    const onlyHidden = (await (await call("/api/wiki/broken-links?reason=hidden&pageSize=100", { token: tokens.moderator })).json()) as Paged<BrokenLink>;
    expect(onlyHidden.items.every((b) => b.reason === "hidden")).toBe(true);
  });

  it("previews a body with the editor's warnings (200); guests 401; an empty body 400", async () => {
    const res = await call("/api/wiki/preview", { method: "POST", token: tokens.moderator, json: { content: "**hi** [[Nothing Here]]" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      contentHtml: '<p><strong>hi</strong> <span class="wiki-missing" title="Page not found">Nothing Here</span></p>\n',
      toc: [],
      warnings: [{ text: "Nothing Here", reason: "missing" }],
    });
    expect((await call("/api/wiki/preview", { method: "POST", json: { content: "x" } })).status).toBe(401);
    const empty = await call("/api/wiki/preview", { method: "POST", token: tokens.moderator, json: { content: " " } });
    expect(empty.status).toBe(400);
  });
});

describe("live stat cards", () => {
  it("a unit's edit shows on the embedding guide at once: the edit starts a new cache generation (MISS, new numbers)", async () => {
    const unit = await insertUnit(factionId, { attack: 5 });
    const guide = await createGuide(`{{unit:${unit}}}`);
    const path = `/api/gameinfo/slug/${guide.slug}`;
    await call(path, { edgeCache: true });
    const cached = await call(path, { edgeCache: true });
    expect(cached.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(((await cached.json()) as Article).contentHtml).toContain("<dt>Attack</dt><dd>5</dd>");
    const read = (await (await call(`/api/unit/${unit}`)).json()) as Record<string, unknown>;
    const put = await call(`/api/unit/${unit}`, { method: "PUT", token: tokens.moderator, json: { ...read, attack: 11 } });
    expect(put.status).toBe(200);
    const after = await call(path, { edgeCache: true });
    expect(after.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(((await after.json()) as Article).contentHtml).toContain("<dt>Attack</dt><dd>11</dd>");
    expect(env.DB).toBeDefined();
  });
});
