/**
 * Guests' searches see past hidden records (migration 0022): every FTS index keeps whether a guest
 * may see each record (its `visibility` column, kept by triggers), and a guest's search asks the
 * index for visible matches only. So hidden records newer than a visible one — more of them than
 * the window a search reads (SEARCH_SCAN_CAP, ADR 0040) — never push the visible one out; a
 * moderator still finds both. Every change of visibility re-indexes the record at once, through the
 * API and straight in SQL, and FTS5's own integrity check (index against its content view) passes
 * after each. A visitor's words never reach the visibility column. Each test makes its own rows,
 * found by a word of its own.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH_MATCH_CAP, SEARCH_SCAN_CAP, type SearchResponse } from "../../shared/schemas/search";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const FTS_TABLES = ["news_fts", "game_info_fts", "faction_fts", "unit_fts", "hero_fts", "spell_fts", "media_fts"];
/** More hidden matches than the window a search reads. */
const HIDDEN = SEARCH_SCAN_CAP + 5;

let wordNo = 0;
/** A word no other row contains (letters only, so it is one token). */
const freshWord = () => `qx${"abcdefghij"[++wordNo % 10]}${Date.now().toString(36).replace(/\d/g, (d) => "klmnopqrst"[Number(d)]!)}${"abcdefghijklmnopqrstuvwxyz"[wordNo % 26]}`;

let moderator = "";
beforeAll(async () => {
  moderator = (await userWithToken(["Moderator"])).token;
});

const search = async (q: string, type: string, token?: string) => {
  const res = await call(`/api/search?q=${encodeURIComponent(q)}&type=${type}`, { token });
  expect(res.status).toBe(200);
  const body = (await res.json()) as SearchResponse;
  return body.groups.flatMap((g) => g.items.map((i) => i.id));
};

/** FTS5's check of every index against its content (a view computing the visibility). */
async function indexesIntact() {
  for (const t of FTS_TABLES) await env.DB.prepare(`INSERT INTO ${t}(${t}, rank) VALUES ('integrity-check', 1)`).run();
}

const news = async (word: string, published: boolean) =>
  (await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES (?1, 's', ?2, 'Ann', ?3, ?4) RETURNING id`,
  )
    .bind(`News ${word}`, `The ${word} story.`, published ? 1 : 0, published ? "2026-01-01T00:00:00.000Z" : null)
    .first<{ id: number }>())!.id;

const media = async (word: string, approved: boolean) =>
  (await env.DB.prepare(
    `INSERT INTO media_items (title, description, media_type, is_approved, original_url, thumbnail_status) VALUES (?1, ?2, 'image', ?3, 'https://cdn.example.com/v.jpg', 'ready') RETURNING id`,
  )
    .bind(`Picture ${word}`, `A ${word} scene.`, approved ? 1 : 0)
    .first<{ id: number }>())!.id;

/** Many hidden rows in one batch (one round trip), each matching the word. */
async function hiddenRows(sql: string, binds: unknown[][]) {
  await env.DB.batch(binds.map((b) => env.DB.prepare(sql).bind(...b)));
}
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Per type: one visible record, then HIDDEN hidden ones made after it (so newer in the index).
 * `publicOnly`: moderators see only visible ones too (media: a pending item has no page).
 */
const TYPES: { type: string; publicOnly?: boolean; make(word: string): Promise<{ visible: number; hidden: number[] }> }[] = [
  {
    type: "news",
    async make(word) {
      const visible = await news(word, true);
      await hiddenRows(`INSERT INTO news_articles (title, summary, content, author, is_published) VALUES (?1, 's', ?2, 'Ann', 0)`, range(HIDDEN).map((i) => [`Draft ${i}`, `A ${word} draft.`]));
      return { visible, hidden: await idsOf("news_articles", "content", word, visible) };
    },
  },
  {
    type: "gameinfo",
    async make(word) {
      const visible = await insertGameInfo({ title: `Guide ${word}`, content: `All about ${word}.`, is_published: 1 });
      for (const i of range(HIDDEN)) await insertGameInfo({ title: `Draft guide ${word} ${i}`, content: `Unfinished ${word}.`, is_published: 0 });
      return { visible, hidden: await idsOf("game_info_articles", "content", word, visible) };
    },
  },
  {
    type: "faction",
    async make(word) {
      const visible = await insertFaction({ description: `The ${word} legion.` });
      for (const i of range(HIDDEN)) await insertFaction({ name: `Hidden ${word} ${i}`, description: `A secret ${word} host.`, is_active: 0 });
      return { visible, hidden: await idsOf("factions", "description", word, visible) };
    },
  },
  {
    type: "unit",
    async make(word) {
      const faction = await insertFaction();
      const visible = await insertUnit(faction, { description: `A ${word} drake.` });
      // Half of them inactive, half of an inactive faction (active themselves).
      const hiddenFaction = await insertFaction({ is_active: 0 });
      for (const i of range(HIDDEN)) await insertUnit(i % 2 ? hiddenFaction : faction, { description: `A hidden ${word} drake.`, is_active: i % 2 });
      return { visible, hidden: await idsOf("units", "description", word, visible) };
    },
  },
  {
    type: "hero",
    async make(word) {
      const faction = await insertFaction();
      const visible = await insertHero(faction, { biography: `Rider of ${word}.` });
      const hiddenFaction = await insertFaction({ is_active: 0 });
      for (const i of range(HIDDEN)) await insertHero(i % 2 ? hiddenFaction : faction, { biography: `Hidden rider of ${word}.`, is_active: i % 2 });
      return { visible, hidden: await idsOf("heroes", "biography", word, visible) };
    },
  },
  {
    type: "spell",
    async make(word) {
      const visible = await insertSpell({ description: `Calls ${word} fire.` });
      for (const i of range(HIDDEN)) await insertSpell({ name: `Hidden spell ${word} ${i}`, description: `Calls hidden ${word} fire.`, is_active: 0 });
      return { visible, hidden: await idsOf("spells", "description", word, visible) };
    },
  },
  {
    type: "media",
    publicOnly: true,
    async make(word) {
      const visible = await media(word, true);
      await hiddenRows(
        `INSERT INTO media_items (title, description, media_type, is_approved, original_url, thumbnail_status) VALUES (?1, ?2, 'image', 0, 'https://cdn.example.com/h.jpg', 'ready')`,
        range(HIDDEN).map((i) => [`Pending ${i}`, `A pending ${word} scene.`]),
      );
      return { visible, hidden: await idsOf("media_items", "description", word, visible) };
    },
  },
];

/** The ids of rows whose column contains the word, but `except`. */
async function idsOf(table: string, column: string, word: string, except: number): Promise<number[]> {
  const { results } = await env.DB.prepare(`SELECT id FROM ${table} WHERE ${column} LIKE ?1 AND id <> ?2 ORDER BY id`).bind(`%${word}%`, except).all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("a guest's search asks the index for visible records (migration 0022)", () => {
  it.each(TYPES)("$type: more than SEARCH_SCAN_CAP newer hidden matches do not hide the visible one from a guest (200); a moderator finds them", async ({ type, publicOnly, make }) => {
    const word = freshWord();
    const { visible, hidden } = await make(word);
    expect(hidden.length).toBe(HIDDEN);
    expect(Math.min(...hidden)).toBeGreaterThan(visible);
    expect(await search(word, type)).toEqual([visible]);
    const res = await call(`/api/search?q=${word}&type=${type}`, { token: moderator });
    expect(res.status).toBe(200);
    const group = ((await res.json()) as SearchResponse).groups[0]!;
    if (publicOnly) expect(group.items.map((i) => i.id)).toEqual([visible]);
    else {
      // A moderator's window is the newest matches of all, hidden ones included: more than 30.
      expect(group).toMatchObject({ totalCount: SEARCH_MATCH_CAP, capped: true });
      expect(group.items.every((i) => hidden.includes(i.id) && !i.visible)).toBe(true);
    }
    await indexesIntact();
  });

  it("the news list's and the gallery's searches find the visible record past more than LIST_SEARCH_CAP newer hidden ones (200)", async () => {
    const word = freshWord();
    const article = await TYPES[0]!.make(word);
    const item = await TYPES[6]!.make(word);
    const list = await call(`/api/news?search=${word}`);
    expect(list.status).toBe(200);
    const newsBody = (await list.json()) as { items: { id: number }[]; totalCount: number };
    expect(newsBody.items.map((i) => i.id)).toEqual([article.visible]);
    expect(newsBody.totalCount).toBe(1);
    const gallery = await call(`/api/media?search=${word}`);
    expect(gallery.status).toBe(200);
    const mediaBody = (await gallery.json()) as { items?: { id: number }[]; data?: { id: number }[]; totalCount?: number };
    expect((mediaBody.items ?? mediaBody.data ?? []).map((i) => i.id)).toEqual([item.visible]);
    // Moderators' draft list still searches the drafts.
    const drafts = await call(`/api/news?search=${word}&status=draft`, { token: moderator });
    expect(((await drafts.json()) as { totalCount: number }).totalCount).toBe(SEARCH_SCAN_CAP);
  });
});

describe("every change of visibility re-indexes the record at once", () => {
  it("publishing and unpublishing an article through the API (200) shows and hides it in a guest's search", async () => {
    const word = freshWord();
    const res = await call("/api/news", {
      method: "POST",
      token: moderator,
      json: { title: `Draft ${word}`, summary: "s", content: `The ${word} story.`, author: "Ann", tags: [], isPublished: false },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const body = { title: `Draft ${word}`, summary: "s", content: `The ${word} story.`, author: "Ann", tags: [] };
    expect(await search(word, "news")).toEqual([]);
    expect((await call(`/api/news/${id}`, { method: "PUT", token: moderator, json: { ...body, isPublished: true } })).status).toBe(200);
    expect(await search(word, "news")).toEqual([id]);
    expect((await call(`/api/news/${id}`, { method: "PUT", token: moderator, json: { ...body, isPublished: false } })).status).toBe(200);
    expect(await search(word, "news")).toEqual([]);
    await indexesIntact();
  });

  it("approving a media item through the API (200) shows it; unapproving it in SQL hides it again", async () => {
    const word = freshWord();
    const id = await media(word, false);
    expect(await search(word, "media")).toEqual([]);
    const res = await call("/api/media/review", { method: "POST", token: moderator, json: { decision: "approve", items: [{ id }] } });
    expect(res.status).toBe(200);
    expect(await search(word, "media")).toEqual([id]);
    await env.DB.prepare("UPDATE media_items SET is_approved = 0 WHERE id = ?1").bind(id).run();
    expect(await search(word, "media")).toEqual([]);
    await indexesIntact();
  });

  it("hiding a faction through the API (200) hides it and all its units and heroes; showing it again brings back the active ones", async () => {
    const word = freshWord();
    const faction = await insertFaction({ description: `The ${word} realm.` });
    const unit = await insertUnit(faction, { description: `A ${word} drake.` });
    const retired = await insertUnit(faction, { description: `An old ${word} drake.`, is_active: 0 });
    const hero = await insertHero(faction, { biography: `Rider of ${word}.` });
    const all = async () => ({ faction: await search(word, "faction"), unit: await search(word, "unit"), hero: await search(word, "hero") });
    expect(await all()).toEqual({ faction: [faction], unit: [unit], hero: [hero] });
    const read = await (await call(`/api/faction/${faction}`, { token: moderator })).json();
    const hide = await call(`/api/faction/${faction}`, { method: "PUT", token: moderator, json: { ...(read as object), isActive: false } });
    expect(hide.status).toBe(200);
    expect(await all()).toEqual({ faction: [], unit: [], hero: [] });
    // A moderator still finds all of them, the inactive unit too.
    expect((await search(word, "unit", moderator)).sort()).toEqual([unit, retired].sort());
    await indexesIntact();
    await env.DB.prepare("UPDATE factions SET is_active = 1 WHERE id = ?1").bind(faction).run();
    expect(await all()).toEqual({ faction: [faction], unit: [unit], hero: [hero] });
    await indexesIntact();
  });

  it("a unit's or hero's own is_active and its move to a hidden faction follow in SQL; deleting a faction keeps the indexes intact", async () => {
    const word = freshWord();
    const shown = await insertFaction();
    const hiddenFaction = await insertFaction({ is_active: 0 });
    const unit = await insertUnit(shown, { description: `A ${word} drake.` });
    const hero = await insertHero(shown, { biography: `Rider of ${word}.` });
    const spell = await insertSpell({ description: `Calls ${word} fire.` });
    const guide = await insertGameInfo({ title: `Guide ${word}`, content: `All about ${word}.`, is_published: 0 });
    expect(await search(word, "gameinfo")).toEqual([]);
    await env.DB.prepare("UPDATE game_info_articles SET is_published = 1 WHERE id = ?1").bind(guide).run();
    expect(await search(word, "gameinfo")).toEqual([guide]);
    await env.DB.prepare("UPDATE spells SET is_active = 0 WHERE id = ?1").bind(spell).run();
    expect(await search(word, "spell")).toEqual([]);
    await env.DB.prepare("UPDATE units SET is_active = 0 WHERE id = ?1").bind(unit).run();
    expect(await search(word, "unit")).toEqual([]);
    await env.DB.prepare("UPDATE units SET is_active = 1 WHERE id = ?1").bind(unit).run();
    expect(await search(word, "unit")).toEqual([unit]);
    await env.DB.prepare("UPDATE units SET faction_id = ?1 WHERE id = ?2").bind(hiddenFaction, unit).run();
    await env.DB.prepare("UPDATE heroes SET faction_id = ?1 WHERE id = ?2").bind(hiddenFaction, hero).run();
    expect(await search(word, "unit")).toEqual([]);
    expect(await search(word, "hero")).toEqual([]);
    await env.DB.prepare("UPDATE factions SET is_active = 1 WHERE id = ?1").bind(hiddenFaction).run();
    expect(await search(word, "unit")).toEqual([unit]);
    expect(await search(word, "hero")).toEqual([hero]);
    await indexesIntact();
    // Its units and heroes go by the foreign key's cascade.
    await env.DB.prepare("DELETE FROM factions WHERE id = ?1").bind(hiddenFaction).run();
    expect(await search(word, "unit", moderator)).toEqual([]);
    expect(await search(word, "hero", moderator)).toEqual([]);
    await indexesIntact();
  });
});

describe("a visitor's words never reach the visibility column", () => {
  it.each([
    "hidden",
    "shown",
    "visibility",
    "visibility:hidden",
    "visibility : hidden",
    '"hidden"',
    "NOT hidden",
    "OR hidden",
    "NEAR(hidden",
    ") OR (visibility",
    "-{visibility}",
    "{visibility}: hidden",
    "hidden*",
  ])("a guest's `%s` with the word shows no hidden record (200)", async (text) => {
    const word = freshWord();
    const faction = await insertFaction();
    const hiddenFaction = await insertFaction({ is_active: 0, description: `The ${word} realm.` });
    const hiddenUnit = await insertUnit(hiddenFaction, { description: `A ${word} drake.` });
    const inactiveUnit = await insertUnit(faction, { description: `A ${word} drake.`, is_active: 0 });
    const draft = await news(word, false);
    const pending = await media(word, false);
    const hiddenIds = [hiddenFaction, hiddenUnit, inactiveUnit, draft, pending];
    for (const q of [`${word} ${text}`, `${text} ${word}`]) {
      const res = await call(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as SearchResponse;
      expect(body.groups.flatMap((g) => g.items.map((i) => i.id)).filter((id) => hiddenIds.includes(id))).toEqual([]);
    }
    const list = await call(`/api/news?search=${encodeURIComponent(`${word} ${text}`)}`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { items: { id: number }[] }).items.map((i) => i.id)).not.toContain(draft);
  });

  it("a moderator's `hidden` finds the word in the text, not every hidden record", async () => {
    const word = freshWord();
    const faction = await insertFaction({ is_active: 0 });
    const quiet = await insertUnit(faction, { description: `A ${word} drake.` });
    const named = await insertUnit(faction, { description: `A hidden ${word} drake.` });
    expect(await search(`${word} hidden`, "unit", moderator)).toEqual([named]);
    expect((await search(word, "unit", moderator)).sort((a, b) => a - b)).toEqual([quiet, named]);
  });
});
