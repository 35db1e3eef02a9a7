import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH_MATCH_CAP, SEARCH_SCAN_CAP, type SearchResponse } from "../../shared/schemas/search";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

/** A word no other test data contains, so counts are exact. */
const WORD = "zorblax";
let ids: Record<string, number> = {};
let moderatorToken = "";

beforeAll(async () => {
  const faction = await insertFaction({ name: `Zorblax Legion`, description: `The ${WORD} legion of the north.` });
  const hiddenFaction = await insertFaction({ name: "Hidden Host", description: `A secret ${WORD} host.`, is_active: 0 });
  const unit = await insertUnit(faction, { name: "Zorblax Drake", description: `A fire-breathing ${WORD} dragon of the peaks.` });
  const inactiveUnit = await insertUnit(faction, { name: "Retired Drake", description: `An old ${WORD} dragon.`, is_active: 0 });
  const orphanUnit = await insertUnit(hiddenFaction, { name: "Host Drake", description: `A ${WORD} dragon of the hidden host.` });
  const hero = await insertHero(faction, { name: "Mira Zorblax", biography: `Rider of the ${WORD} drakes.` });
  const spell = await insertSpell({ name: "Zorblax Flame", description: `Calls ${WORD} fire.` });
  const info = await insertGameInfo({ title: "Zorblax Guide", content: `All about ${WORD} tactics.`, is_published: 1 });
  const draftInfo = await insertGameInfo({ title: "Zorblax Draft", content: `Unfinished ${WORD} notes.`, is_published: 0 });
  const news = await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES ('Zorblax season', 's', 'The ${WORD} season begins.', 'Ann', 1, '2026-01-01T00:00:00.000Z') RETURNING id`,
  ).first<{ id: number }>();
  const draft = await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published) VALUES ('Zorblax secret', 's', 'A ${WORD} secret.', 'Ann', 0) RETURNING id`,
  ).first<{ id: number }>();
  const media = async (title: string, description: string, approved: boolean) =>
    (await env.DB.prepare(
      `INSERT INTO media_items (title, description, media_type, is_approved, original_url, thumbnail_status) VALUES (?1, ?2, 'image', ?3, 'https://cdn.example.com/z.jpg', 'ready') RETURNING id`,
    )
      .bind(title, description, approved ? 1 : 0)
      .first<{ id: number }>())!.id;
  const mediaItem = await media("Zorblax banner", "A painted banner.", true);
  const mediaByDescription = await media("Night camp", `Tents of the ${WORD} camp at night.`, true);
  const pendingMedia = await media("Zorblax sketch", "Not reviewed yet.", false);
  ids = {
    faction, hiddenFaction, unit, inactiveUnit, orphanUnit, hero, spell, info, draftInfo, news: news!.id, draft: draft!.id,
    mediaItem, mediaByDescription, pendingMedia,
  };
  moderatorToken = (await userWithToken(["Moderator"])).token;
});

const searchFor = async (query: string, token?: string) => {
  const res = await call(`/api/search?${query}`, { token });
  return { res, body: (res.status === 200 ? await res.json() : await res.json()) as SearchResponse & { code?: string } };
};

const idsOf = (body: SearchResponse, type: string) => body.groups.find((g) => g.type === type)?.items.map((i) => i.id) ?? [];

describe("GET /api/search", () => {
  it("finds every type, grouped in a fixed order, with paths and a highlighted text snippet", async () => {
    const { res, body } = await searchFor(`q=${WORD}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("public");
    expect(body.groups.map((g) => g.type)).toEqual(["news", "gameinfo", "faction", "unit", "hero", "spell", "media"]);
    expect(body.groups.map((g) => g.label)).toEqual(["News", "Game Info", "Factions", "Units", "Heroes", "Spells", "Media"]);
    const unit = body.groups.find((g) => g.type === "unit")!.items[0]!;
    expect(unit).toMatchObject({ id: ids.unit, title: "Zorblax Drake", path: `/units/${ids.unit}`, visible: true });
    expect(unit.snippet.some((p) => p.match && p.text.toLowerCase() === WORD)).toBe(true);
    expect(unit.snippet.map((p) => p.text).join("")).not.toMatch(/[<>\uE000\uE001]/);
    expect(body.groups.find((g) => g.type === "gameinfo")!.items[0]!.path).toMatch(/^\/game-info\//);
  });

  it("hides drafts, inactive rows and units of inactive factions from guests", async () => {
    const { body } = await searchFor(`q=${WORD}`);
    expect(idsOf(body, "news")).toEqual([ids.news]);
    expect(idsOf(body, "gameinfo")).toEqual([ids.info]);
    expect(idsOf(body, "faction")).toEqual([ids.faction]);
    expect(idsOf(body, "unit")).toEqual([ids.unit]);
    expect(body.totalCount).toBe(8);
  });

  it("finds approved media items by title and by description, linking to the gallery's lightbox (migration 0012)", async () => {
    const { body } = await searchFor(`q=${WORD}&type=media`);
    expect(idsOf(body, "media").sort()).toEqual([ids.mediaItem!, ids.mediaByDescription!].sort());
    const hit = body.groups[0]!.items.find((i) => i.id === ids.mediaByDescription)!;
    expect(hit).toMatchObject({ title: "Night camp", path: `/screenshots?media=${ids.mediaByDescription}`, visible: true });
    expect(hit.snippet.some((p) => p.match && p.text.toLowerCase() === WORD)).toBe(true);
  });

  it("never lists a pending media item, not even to moderators (it has nowhere to open)", async () => {
    for (const token of [undefined, moderatorToken]) {
      const { body } = await searchFor(`q=${WORD}`, token);
      expect(idsOf(body, "media")).not.toContain(ids.pendingMedia);
    }
  });

  it("follows media items as they change: an approval adds one, a new title is found, a deletion removes it", async () => {
    const row = await env.DB.prepare(
      "INSERT INTO media_items (title, description, media_type, is_approved, original_url) VALUES ('Rough sketch', 'Pencil lines.', 'image', 0, 'https://cdn.example.com/q.jpg') RETURNING id",
    ).first<{ id: number }>();
    const id = row!.id;
    expect((await searchFor("q=quillfeather&type=media")).body.totalCount).toBe(0);
    await env.DB.prepare("UPDATE media_items SET is_approved = 1, title = 'Quillfeather sketch' WHERE id = ?1").bind(id).run();
    const { body: after } = await searchFor("q=quillfeather&type=media");
    expect(idsOf(after, "media")).toEqual([id]);
    await env.DB.prepare("DELETE FROM media_items WHERE id = ?1").bind(id).run();
    expect((await searchFor("q=quillfeather&type=media")).body.totalCount).toBe(0);
  });

  it("shows moderators drafts and inactive rows, marked as not visible", async () => {
    const { body } = await searchFor(`q=${WORD}`, moderatorToken);
    expect(idsOf(body, "news").sort()).toEqual([ids.news, ids.draft].sort());
    expect(idsOf(body, "unit").sort()).toEqual([ids.unit, ids.inactiveUnit, ids.orphanUnit].sort());
    const draft = body.groups.find((g) => g.type === "news")!.items.find((i) => i.id === ids.draft)!;
    expect(draft.visible).toBe(false);
  });

  it("ranks with bm25: the row naming the word in its title and text comes first", async () => {
    const { body } = await searchFor(`q=dragon&type=unit`);
    expect(body.groups[0]!.items[0]!.id).toBe(ids.unit);
  });

  it("finds English words by their stem, highlighting the word as written (migration 0008)", async () => {
    // "dragons" is not the last word (which also matches as a prefix): only stemming finds "dragon".
    const { body } = await searchFor(`q=dragons%20peak&type=unit`);
    const hit = body.groups[0]?.items.find((i) => i.id === ids.unit);
    expect(hit?.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(["dragon", "peaks"]);
  });

  it("pages one type, 20 per page, with the one totalPages of every list", async () => {
    const { body } = await searchFor(`q=${WORD}&type=unit&page=2`);
    expect(body.pageSize).toBe(20);
    expect(body.page).toBe(2);
    // Past the last page: the type's total is still known, the page is empty.
    expect(body.groups).toEqual([{ type: "unit", label: "Units", totalCount: 1, items: [] }]);
    expect(body.totalPages).toBe(1);
    // Every type at once is one page of each type's best.
    expect((await searchFor(`q=${WORD}`)).body.totalPages).toBe(1);
  });

  it("answers an empty query, or one without words, with no results (never everything)", async () => {
    for (const q of ["", "   ", "***", "()"]) {
      const { res, body } = await searchFor(`q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(body.groups).toEqual([]);
      expect(body.totalCount).toBe(0);
    }
  });

  it.each([
    ['unbalanced quotes', `"${WORD}`],
    ["a star", `${WORD}*`],
    ["NEAR", `NEAR(${WORD} legion)`],
    ["unbalanced parentheses", `(${WORD} OR (legion`],
    ["column filters and operators", `title:${WORD} AND NOT ^legion -x +y`],
    ["SQL", `${WORD}'; DROP TABLE units; --`],
  ])("treats %s as plain words (200, no FTS syntax error)", async (_name, q) => {
    const { res, body } = await searchFor(`q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(body.totalCount).toBeGreaterThanOrEqual(0);
  });

  it("answers 400 validation_failed for 10 kB of text, and for an unknown type or a bad page", async () => {
    const long = await searchFor(`q=${"a".repeat(10_240)}`);
    expect(long.res.status).toBe(400);
    expect(long.body.code).toBe("validation_failed");
    expect((await searchFor(`q=${WORD}&type=users`)).res.status).toBe(400);
    expect((await searchFor(`q=${WORD}&page=0`)).res.status).toBe(400);
  });

  it("answers 200 for the longest allowed text made of FTS syntax, and 400 (never 500) for 10 kB of it", async () => {
    const syntax = `"(* NEAR/3 ${WORD} OR ^title:"x" AND) -`;
    const longest = syntax.repeat(Math.ceil(200 / syntax.length)).slice(0, 200);
    const ok = await searchFor(`q=${encodeURIComponent(longest)}`);
    expect(ok.res.status).toBe(200);
    const huge = await searchFor(`q=${encodeURIComponent(syntax.repeat(Math.ceil(10_240 / syntax.length)))}`);
    expect(huge.res.status).toBe(400);
    expect(huge.body.code).toBe("validation_failed");
    for (const type of ["unit", "news"]) {
      expect((await searchFor(`q=${encodeURIComponent(longest)}&type=${type}&page=3`)).res.status).toBe(200);
    }
  });

  it("shows a signed-in plain user what guests see (no drafts or inactive rows)", async () => {
    const { token } = await userWithToken(["User"]);
    const { body } = await searchFor(`q=${WORD}`, token);
    expect(idsOf(body, "news")).toEqual([ids.news]);
    expect(idsOf(body, "unit")).toEqual([ids.unit]);
    expect(body.groups.flatMap((g) => g.items).every((i) => i.visible)).toBe(true);
  });

  describe("what kind of thing a wiki row is (school, unit type, hero class and type, alignment)", () => {
    /** Rows whose names and texts never say their kind, each found only by it. */
    let kinds: Record<string, number> = {};
    beforeAll(async () => {
      const faction = await insertFaction({ name: "Quillon Pact", summary: "Oathbreakers of the salt marsh.", alignment: "Chaos" });
      kinds = {
        faction,
        unit: await insertUnit(faction, { name: "Quillon Kite", summary: "", description: "Rides the marsh winds.", unit_type: "Flying" }),
        hero: await insertHero(faction, { name: "Quillon Vey", summary: "", biography: "Reads the tides.", hero_class: "Tide-Warden", hero_type: "Hybrid" }),
        spell: await insertSpell({ name: "Quillon Gust", description: "Pushes every stack one hex back.", school: "Air" }),
      };
    });

    /** The row's hit, looked for on every page (other test files add rows of the same kinds). */
    const hitOf = async (q: string, type: string, id: number) => {
      for (let page = 1; ; page++) {
        const group = (await searchFor(`q=${encodeURIComponent(q)}&type=${type}&page=${page}`)).body.groups[0];
        const hit = group?.items.find((i) => i.id === id);
        if (hit || !group?.items.length) return hit;
      }
    };

    it.each([
      ["air", "spell", "Air", " magic · Pushes every stack one hex back."],
      ["flying", "unit", "Flying", " unit · Rides the marsh winds."],
      ["hybrid", "hero", "Hybrid", " hero · Reads the tides."],
      ["tide warden", "hero", "Tide-Warden", " hero · Reads the tides."],
      ["chaos", "faction", "Chaos", " faction · Oathbreakers of the salt marsh."],
    ])("finds %s in the %s's kind and shows the kind with the row's own text", async (q, type, kind, rest) => {
      const hit = await hitOf(q, type, kinds[type]!);
      expect(hit?.snippet).toEqual([
        { text: kind, match: true },
        { text: rest, match: false },
      ]);
    });

    it("keeps the matching text's own snippet when the words are also in it", async () => {
      const hit = await hitOf("quillon air", "spell", kinds.spell!);
      expect(hit?.snippet.map((p) => p.text).join("")).not.toContain("magic ·");
    });

    it("follows an edit of the kind (the index is kept by triggers)", async () => {
      // Its own spell: tests run in a random order in CI, and the others read theirs as inserted.
      const spell = await insertSpell({ name: "Quillon Squall", description: "Scatters a stack.", school: "Air" });
      expect((await hitOf("air", "spell", spell))?.snippet[0]).toEqual({ text: "Air", match: true });
      await env.DB.prepare("UPDATE spells SET school = 'Water' WHERE id = ?1").bind(spell).run();
      expect(await hitOf("air", "spell", spell)).toBeUndefined();
      expect((await hitOf("water", "spell", spell))?.snippet[0]).toEqual({ text: "Water", match: true });
    });
  });

  describe("a common word (more matches than SEARCH_MATCH_CAP)", () => {
    const COMMON = "plinthorn";
    /** The best match by bm25 (the word three times, in the title too), but the oldest. */
    let oldBest = 0;
    const published: number[] = [];
    const drafts: number[] = [];
    const rowsRead = (res: Response) => Number(res.headers.get("Server-Timing")?.match(/rows_read=(\d+)/)?.[1]);
    const news = async (title: string, content: string, isPublished: boolean) =>
      (await env.DB.prepare(`INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES (?1, 's', ?2, 'Ann', ?3, '2026-01-01T00:00:00.000Z') RETURNING id`)
        .bind(title, content, isPublished ? 1 : 0)
        .first<{ id: number }>())!.id;
    beforeAll(async () => {
      oldBest = await news(`${COMMON} ${COMMON}`, `${COMMON} cup.`, true);
      for (let i = 0; i < 2 * SEARCH_SCAN_CAP; i++) published.push(await news(`Cup report ${i}`, `A long report of the ${COMMON} cup, round ${i}, with many other words around it.`, true));
      // The newest matches are drafts: a guest's candidates skip them.
      for (let i = 0; i < 5; i++) drafts.push(await news(`Draft ${i}`, `The ${COMMON} draft.`, false));
    });

    it("ranks the newest SEARCH_MATCH_CAP a guest may see, says there are more (capped) and reads far fewer rows than it matches (200)", async () => {
      const res = await call(`/api/search?q=${COMMON}&type=news`);
      expect(res.status).toBe(200);
      expect(rowsRead(res)).toBeLessThan(published.length);
      expect(rowsRead(res)).toBeLessThanOrEqual(3 * SEARCH_SCAN_CAP);
      const body = (await res.json()) as SearchResponse;
      expect(body.capped).toBe(true);
      expect(body.groups).toHaveLength(1);
      const group = body.groups[0]!;
      expect(group).toMatchObject({ type: "news", totalCount: SEARCH_MATCH_CAP, capped: true });
      const newest = published.slice(-SEARCH_MATCH_CAP);
      expect(group.items).toHaveLength(20);
      expect(group.items.every((i) => newest.includes(i.id) && i.visible)).toBe(true);
      // The old best match is past the newest SEARCH_MATCH_CAP: not ranked.
      expect(group.items.map((i) => i.id)).not.toContain(oldBest);
      // Page 2 holds the rest of the ranked ones, and nothing after them.
      const page2 = (await searchFor(`q=${COMMON}&type=news&page=2`)).body.groups[0]!;
      expect(page2.items).toHaveLength(SEARCH_MATCH_CAP - 20);
      expect(new Set([...group.items, ...page2.items].map((i) => i.id))).toEqual(new Set(newest));
      expect((await searchFor(`q=${COMMON}&type=news&page=3`)).body.groups[0]).toMatchObject({ totalCount: SEARCH_MATCH_CAP, capped: true, items: [] });
    });

    it("gives the same capped count and best five in the grouped answer as on the type's first page (200)", async () => {
      const all = (await searchFor(`q=${COMMON}`)).body;
      const one = (await searchFor(`q=${COMMON}&type=news`)).body;
      const group = all.groups.find((g) => g.type === "news")!;
      expect(group).toMatchObject({ totalCount: SEARCH_MATCH_CAP, capped: true });
      expect(group.items.map((i) => i.id)).toEqual(one.groups[0]!.items.slice(0, 5).map((i) => i.id));
      expect(all.capped).toBe(true);
    });

    it("shows moderators the drafts among the newest, marked as not visible (200)", async () => {
      const { body } = await searchFor(`q=${COMMON}&type=news`, moderatorToken);
      const group = body.groups[0]!;
      expect(group).toMatchObject({ totalCount: SEARCH_MATCH_CAP, capped: true });
      const draftHits = [...group.items, ...(await searchFor(`q=${COMMON}&type=news&page=2`, moderatorToken)).body.groups[0]!.items].filter((i) => drafts.includes(i.id));
      expect(draftHits).toHaveLength(drafts.length);
      expect(draftHits.every((i) => !i.visible)).toBe(true);
    });

    it("keeps a rare word exact: every match ranked, no cap (200)", async () => {
      const { body } = await searchFor(`q=${WORD}`);
      expect(body.capped).toBeUndefined();
      expect(body.groups.every((g) => g.capped === undefined)).toBe(true);
      expect(body.totalCount).toBe(8);
    });
  });

  it("answers 304 for a repeated guest search with its ETag", async () => {
    const first = await call(`/api/search?q=${WORD}`);
    const again = await call(`/api/search?q=${WORD}`, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });
});
