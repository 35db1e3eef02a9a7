/**
 * Images come from the site's own files (/files/…) or from hosts an administrator allowed in the
 * site settings (`imageHosts`, empty by default): no page the Worker renders names an image on
 * any other host (img, preload, share metadata, structured data, the feed), so no reader's
 * browser is sent there; with the host allowed, the same pages show it. Writes refuse an image
 * they would not render (400 validation_failed under the field). Records stored before are kept
 * and not rendered.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { allowedImageSrc } from "../../shared/image-source";
import { imageHostMessage } from "../../worker/middleware/allowed-images";
import { insertFaction, insertHero, insertUnit, unique } from "./game-fixtures";
import { call, resetSettings, setSettings, userWithToken } from "./helpers";

const HOST = "tracker.example.net";
const external = (name: string) => `https://${HOST}/${name}.jpg`;
const ids = { article: 0, ownArticle: 0, faction: 0, unit: 0, hero: 0, media: 0 };
let moderator = "";

const insert = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(`${sql} RETURNING id`).bind(...binds).first<{ id: number }>())!.id;

beforeAll(async () => {
  moderator = (await userWithToken(["Moderator"])).token;
  const news = `INSERT INTO news_articles (title, summary, content, author, is_published, published_at, image_url, image_alt)
    VALUES (?1, 'Summary.', 'Body.', 'Codex Team', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?2, 'A picture')`;
  ids.article = await insert(news, unique("Tracked article"), external("news"));
  ids.ownArticle = await insert(news, unique("Own article"), "/files/news/own.jpg");
  ids.faction = await insertFaction({ logo_url: external("logo"), background_url: external("background"), banner_url: external("banner") });
  ids.unit = await insertUnit(ids.faction, { portrait_url: external("unit") });
  ids.hero = await insertHero(ids.faction, { portrait_url: external("hero") });
  ids.media = await insert(
    "INSERT INTO media_items (title, description, media_type, is_approved, original_url) VALUES (?1, 'An outside picture.', 'image', 1, ?2)",
    unique("Outside picture"),
    external("media"),
  );
});

afterEach(async () => {
  await resetSettings();
});

const PAGES = () => [`/news/${ids.article}`, "/news", "/", `/factions/${ids.faction}`, "/factions", `/units/${ids.unit}`, `/heroes/${ids.hero}`, "/screenshots"];

/**
 * The page as the browser fetches from it: the API answers and settings written into the page as
 * JSON data (`<script type="application/json">`) are left out, since data is not fetched.
 */
async function html(path: string) {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  return (await res.text()).replace(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g, "");
}

describe("server-rendered pages and the feed", () => {
  it("name no image on a host that is not allowed: no img, preload, og:image or structured data (200); the record shows its placeholder", async () => {
    for (const path of PAGES()) expect(await html(path), path).not.toContain(HOST);
    expect(await html("/news/feed.xml")).not.toContain(HOST);
    const article = await html(`/news/${ids.article}`);
    expect(article).not.toContain('property="og:image"');
    // The faction's logo and the unit's portrait are their initials instead.
    expect(await html(`/units/${ids.unit}`)).toContain('data-testid="portrait-initial"');
  });

  it("show the site's own files whatever the list holds (200)", async () => {
    const own = await html(`/news/${ids.ownArticle}`);
    expect(own).toContain('src="/files/news/own.jpg"');
    expect(own).toMatch(/<link rel="preload" as="image" href="\/files\/news\/own\.jpg"/);
    expect(own).toMatch(/property="og:image" content="http:\/\/[^"]+\/files\/news\/own\.jpg"/);
  });

  it("name the image once its host is on the allow-list: img, preload, og:image, structured data and the feed's enclosure (200)", async () => {
    await setSettings({ imageHosts: [HOST] });
    const article = await html(`/news/${ids.article}`);
    expect(article).toContain(`src="${external("news")}"`);
    expect(article).toContain(`<link rel="preload" as="image" href="${external("news")}"`);
    expect(article).toContain(`property="og:image" content="${external("news")}"`);
    expect(article).toContain(`"image":["${external("news")}"]`);
    expect(await html(`/factions/${ids.faction}`)).toContain(`src="${external("background")}"`);
    expect(await html(`/units/${ids.unit}`)).toContain(`src="${external("unit")}"`);
    expect(await html("/screenshots")).toContain(`src="${external("media")}"`);
    expect(await html("/news/feed.xml")).toContain(`<link rel="enclosure" href="${external("news")}"/>`);
    // Another host stays out.
    await setSettings({ imageHosts: ["images.example.org"] });
    for (const path of PAGES()) expect(await html(path), path).not.toContain(HOST);
  });
});

describe("writes", () => {
  const article = (imageUrl: string) => ({ title: unique("Imaged"), summary: "S.", content: "C.", author: "Codex Team", imageUrl });

  it("refuse a new image on a host that is not allowed (400 validation_failed under the field), changing nothing", async () => {
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM news_articles").first<{ n: number }>())!.n;
    const res = await call("/api/news", { method: "POST", token: moderator, json: article(external("new")) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "validation_failed", errors: { imageUrl: [imageHostMessage("Image URL")] } });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM news_articles").first<{ n: number }>())!.n).toBe(before);

    const faction = (await (await call(`/api/faction/${ids.faction}`)).json()) as Record<string, unknown>;
    const put = await call(`/api/faction/${ids.faction}`, { method: "PUT", token: moderator, json: { ...faction, logoUrl: "/files/factions/logo.png" } });
    expect(put.status).toBe(400);
    const errors = ((await put.json()) as { errors: Record<string, string[]> }).errors;
    // The stored background and banner are refused too: a write keeps only images it would render.
    expect(Object.keys(errors).sort()).toEqual(["backgroundUrl", "bannerUrl"]);

    const media = await call("/api/media", { method: "POST", token: moderator, json: { title: "Clip", description: "D.", mediaType: "video", categoryId: 1, originalUrl: `https://${HOST}/clip.mp4` } });
    expect(media.status).toBe(400);
    expect(((await media.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("originalUrl");
  });

  it("accept the site's own files always and an allowed host's images (201)", async () => {
    expect((await call("/api/news", { method: "POST", token: moderator, json: article("/files/news/new.jpg") })).status).toBe(201);
    await setSettings({ imageHosts: [HOST] });
    expect((await call("/api/news", { method: "POST", token: moderator, json: article(external("new")) })).status).toBe(201);
  });
});

describe("allowedImageSrc", () => {
  it("keeps /files/ paths and allowed hosts' http(s) URLs, and nothing else", () => {
    const allow = [HOST];
    for (const ok of ["/files/a.jpg", "/files/media/1/large.webp?w=640", external("x"), `http://${HOST}/x.png`, `https://${HOST.toUpperCase()}/x.png`]) {
      expect(allowedImageSrc(ok, allow), ok).toBe(ok);
    }
    expect(allowedImageSrc("https://example.com/files/a.jpg", [], "https://example.com")).toBe("https://example.com/files/a.jpg");
    for (const no of [
      "https://elsewhere.example.org/x.png",
      `https://sub.${HOST}/x.png`,
      `https://${HOST}@elsewhere.example.org/x.png`,
      `//${HOST}/x.png`,
      `javascript:alert(1)`,
      `data:image/png;base64,AAAA`,
      "/files/../secret",
      "/images/x.png",
      "https://example.com/files/a.jpg",
      "",
      null,
      undefined,
    ]) {
      expect(allowedImageSrc(no, allow), String(no)).toBeNull();
    }
  });
});
