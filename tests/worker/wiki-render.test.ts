/**
 * Guide and news bodies rendered for readers (docs/design/wiki.md): Markdown with raw HTML as
 * text, safe links and images, headings with ids, wiki links resolved in one batched read, live
 * stat cards, and bounded work for hostile bodies.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { keepWikiLinks } from "../../worker/db/queries/wiki-links";
import { MAX_NESTING, parseWiki, wikiPlainText } from "../../worker/lib/wiki/markdown";
import { renderBody } from "../../worker/lib/wiki/render";
import { countingD1 } from "./counting-d1";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit, unique } from "./game-fixtures";

const db = () => openDatabase(env.DB);
const html = async (body: string) => (await renderBody(db(), body, null)).html;

describe("Markdown for readers", () => {
  it("renders CommonMark and GFM: emphasis, lists, quotes, code, tables and strikethrough", async () => {
    const out = await html("Some *light* and **bold** and ~~old~~ text.\n\n- one\n- two\n\n> quoted\n\n`code`\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(out).toContain("<em>light</em>");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain("<s>old</s>");
    expect(out).toContain("<ul>\n<li>one</li>");
    expect(out).toContain("<blockquote>");
    expect(out).toContain("<code>code</code>");
    expect(out).toContain("<table>");
    expect(out).toContain("<td>1</td>");
  });

  it("keeps a plain-text body's paragraphs and line breaks", async () => {
    expect(await html("First line\nsecond line\n\nNew paragraph")).toBe("<p>First line<br>\nsecond line</p>\n<p>New paragraph</p>\n");
  });

  it("shows raw HTML as text: <script> and <img onerror> never become elements", async () => {
    const out = await html('<script>alert(1)</script>\n\nText <img src=x onerror="alert(2)"> after');
    expect(out).not.toMatch(/<script|<img/i);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  it.each(["javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4=", "file:///etc/passwd", "//evil.example/x"])(
    "leaves a link to %s as text",
    async (url) => {
      const out = await html(`[click](${url})`);
      expect(out).not.toContain("<a ");
      expect(out).toContain("[click]");
    },
  );

  it("links http(s), mailto and the site's paths; external links get rel=nofollow ugc noopener", async () => {
    const out = await html("[a](https://example.org/x) [b](mailto:someone@example.org) [c](/units/3) [d](#tactics)");
    expect(out).toContain('<a href="https://example.org/x" rel="nofollow ugc noopener">a</a>');
    expect(out).toContain('<a href="mailto:someone@example.org" rel="nofollow ugc noopener">b</a>');
    expect(out).toContain('<a href="/units/3">c</a>');
    expect(out).toContain('<a href="#tactics">d</a>');
  });

  it("renders images from the site's files only (no host allowed by default); any other source shows its alt text", async () => {
    const out = await html("![A pikeguard](/files/media/1/large.webp)\n\n![Tracker](https://tracker.example/pixel.gif)");
    expect(out).toContain('<img src="/files/media/1/large.webp" alt="A pikeguard" loading="lazy" decoding="async">');
    expect(out).not.toContain("tracker.example");
    expect(out).toContain('<span class="wiki-image-blocked">Tracker</span>');
  });

  it("makes headings h2–h4 with stable unique ids, and a table of contents from 3 headings", async () => {
    const two = await renderBody(db(), "## Only\n\n### Two", null);
    expect(two.toc).toEqual([]);
    const body = "# Opening moves\n\ntext\n\n## Tactics\n\n### Tactics\n\n###### Deep";
    const first = await renderBody(db(), body, null);
    expect(first.html).toContain('<h2 id="opening-moves">Opening moves</h2>');
    expect(first.html).toContain('<h2 id="tactics">Tactics</h2>');
    expect(first.html).toContain('<h3 id="tactics-2">Tactics</h3>');
    expect(first.html).toContain('<h4 id="deep">Deep</h4>');
    expect(first.toc.map((t) => [t.id, t.level])).toEqual([
      ["opening-moves", 2],
      ["tactics", 2],
      ["tactics-2", 3],
      ["deep", 4],
    ]);
    expect((await renderBody(db(), body, null)).html).toBe(first.html);
  });

  it("renders 20,000 headings in linear time: each gets its id and its level", async () => {
    const { html: out, toc } = await renderBody(db(), Array.from({ length: 20_000 }, (_, i) => `### H${i}`).join("\n"), null);
    expect(toc).toHaveLength(20_000);
    expect(out.match(/<h3 id="h\d+">H\d+<\/h3>/g)).toHaveLength(20_000);
  });

  it("caps 10,000 nested quotes and lists at the nesting limit, and leaves unclosed constructs as text", async () => {
    const quotes = await html(">".repeat(10_000) + " deep");
    expect(quotes.match(/<blockquote>/g)?.length ?? 0).toBeLessThanOrEqual(MAX_NESTING);
    const lists = await html(Array.from({ length: 10_000 }, (_, i) => `${"  ".repeat(i)}- item`).join("\n"));
    expect(lists.match(/<ul>/g)?.length ?? 0).toBeLessThanOrEqual(MAX_NESTING);
    const unclosed = await html("**bold [link( `code [[Pike {{unit:1");
    expect(unclosed).toContain("**bold [link( `code [[Pike {{unit:1");
  });

  it("gives search the words of a body, not its markup", () => {
    expect(wikiPlainText("## Tactics\n\nUse **[[unit:3|pikes]]** against [cavalry](/units/4).\n\n![alt words](/files/x.webp)")).toBe(
      "Tactics Use pikes against cavalry . alt words",
    );
  });
});

describe("wiki links and stat cards", () => {
  it("resolves by name, by type and id, by type and name, with a label; a guide by slug", async () => {
    const faction = await insertFaction();
    const name = unique("Pikeguard");
    const unit = await insertUnit(faction, { name });
    const spellName = unique("Fireball");
    const spell = await insertSpell({ name: spellName });
    const slug = `combat-${Date.now().toString(36)}`;
    const guide = await insertGameInfo({ slug, is_published: 1 });
    const hero = await insertHero(faction);
    const out = await html(`[[${name.toUpperCase()}]] [[unit:${unit}]] [[spell:${spellName}]] [[guide:${slug}]] [[hero:${hero}|the old general]]`);
    expect(out).toContain(`<a href="/units/${unit}" class="wiki-link">${name.toUpperCase()}</a>`);
    expect(out).toContain(`<a href="/units/${unit}" class="wiki-link">${name}</a>`);
    expect(out).toContain(`<a href="/spells/${spell}" class="wiki-link">${spellName}</a>`);
    expect(out).toContain(`<a href="/game-info/${slug}" class="wiki-link">`);
    expect(out).toContain(`<a href="/heroes/${hero}" class="wiki-link">the old general</a>`);
    expect(guide).toBeGreaterThan(0);
  });

  it("renders a missing, hidden or draft target as text marked Page not found, never a link, and warns", async () => {
    const faction = await insertFaction();
    const hidden = await insertUnit(faction, { is_active: 0 });
    const draftSlug = `draft-${Date.now().toString(36)}`;
    await insertGameInfo({ slug: draftSlug, is_published: 0 });
    const body = `[[unit:99999999]] [[unit:${hidden}|hidden one]] [[guide:${draftSlug}]] [[No Such Thing]]`;
    const { html: out, warnings } = await renderBody(db(), body, null);
    expect(out).not.toContain("<a ");
    expect(out).toContain('<span class="wiki-missing" title="Page not found">hidden one</span>');
    expect(out).toContain('<span class="wiki-missing" title="Page not found">No Such Thing</span>');
    expect(warnings.map((w) => w.reason).sort()).toEqual(["hidden", "hidden", "missing", "missing"]);
  });

  it("resolves an ambiguous name by the documented order (unit before hero) and warns about it", async () => {
    const faction = await insertFaction();
    const name = unique("Twin");
    const unit = await insertUnit(faction, { name });
    await insertHero(faction, { name });
    const { html: out, warnings } = await renderBody(db(), `[[${name}]]`, null);
    expect(out).toContain(`href="/units/${unit}"`);
    expect(warnings).toEqual([{ text: name, reason: "ambiguous" }]);
  });

  it("keeps a link by name working after its target is renamed (the saved links remember it)", async () => {
    const faction = await insertFaction();
    const name = unique("Oldname");
    const unit = await insertUnit(faction, { name });
    const guide = await insertGameInfo({ is_published: 1 });
    const parsed = parseWiki(`[[${name}]]`);
    await keepWikiLinks(db(), { type: "guide", id: guide }, parsed.links, parsed.cards);
    await env.DB.prepare("UPDATE units SET name = ? WHERE id = ?").bind(unique("Newname"), unit).run();
    const out = (await renderBody(db(), `[[${name}]]`, { type: "guide", id: guide })).html;
    expect(out).toContain(`<a href="/units/${unit}" class="wiki-link">${name}</a>`);
  });

  it("a link saved before its target existed resolves once the record is created (trigger)", async () => {
    const name = unique("Latecomer");
    const guide = await insertGameInfo({ is_published: 1 });
    const parsed = parseWiki(`[[${name}]]`);
    await keepWikiLinks(db(), { type: "guide", id: guide }, parsed.links, parsed.cards);
    const before = await env.DB.prepare("SELECT target_id FROM wiki_links WHERE source_id = ? AND source_type = 'guide'").bind(guide).first<{ target_id: number | null }>();
    expect(before?.target_id).toBeNull();
    const spell = await insertSpell({ name });
    const after = await env.DB.prepare("SELECT target_type, target_id FROM wiki_links WHERE source_id = ? AND source_type = 'guide'").bind(guide).first();
    expect(after).toEqual({ target_type: "spell", target_id: spell });
  });

  it("embeds a stat card with the unit's current numbers, and shows the new ones after an edit", async () => {
    const faction = await insertFaction();
    const name = unique("Card unit");
    const unit = await insertUnit(faction, { name, attack: 5, health: 10 });
    const body = `Before\n\n{{unit:${unit}}}\n\nAfter`;
    const first = await html(body);
    expect(first).toContain(`<aside class="stat-card" aria-label="${name}, unit">`);
    expect(first).toContain("<dt>Attack</dt><dd>5</dd>");
    expect(first).toContain(`<a href="/units/${unit}">${name}</a>`);
    await env.DB.prepare("UPDATE units SET attack = 9 WHERE id = ?").bind(unit).run();
    expect(await html(body)).toContain("<dt>Attack</dt><dd>9</dd>");
    expect(await html("{{unit:99999999}}")).toContain('class="wiki-missing"');
  });

  it("reads everything a body references in one round trip, however many links and cards it has", async () => {
    const faction = await insertFaction();
    const ids = await Promise.all(Array.from({ length: 5 }, () => insertUnit(faction)));
    const body = [
      ...Array.from({ length: 300 }, (_, i) => `[[Name ${i}]]`),
      ...ids.map((id) => `[[unit:${id}]]`),
      ...ids.map((id) => `\n{{unit:${id}}}\n`),
    ].join(" ");
    await renderBody(db(), "warm the settings", null);
    const counter = countingD1(env.DB);
    const { html: out } = await renderBody(openDatabase(counter.db), body, null);
    expect(counter.trips).toBe(1);
    expect(out.match(/class="stat-card"/g)).toHaveLength(5);
  });
});
