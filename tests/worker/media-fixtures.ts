/**
 * The media tests' world (tests/worker/media.test.ts, media-writes.test.ts): accounts of each role,
 * categories and a faction (setUpMedia), items inserted with their R2 objects, and the list and
 * write bodies the tests send.
 */
import { env } from "cloudflare:test";
import { beforeAll, expect } from "vitest";
import type { MediaListResponse } from "../../shared/schemas/media";
import { call, userWithToken, setSettings } from "./helpers";

export const tokens = { user: "", moderator: "", admin: "" };
export let categoryId = 0;
export let otherCategoryId = 0;
export let factionId = 0;
let seq = 0;
/** A number no earlier call in this file answered (unique names and slugs). */
export const nextSeq = () => ++seq;

/** Accounts, two categories and a faction for the file's tests (beforeAll); the file's own storage holds them. */
export function setUpMedia() {
  beforeAll(async () => {
    // The outside image hosts these writes name are allowed (site settings, ADR 0048).
    await setSettings({ imageHosts: ["video.example.com"] });
    tokens.user = (await userWithToken(["User"])).token;
    tokens.moderator = (await userWithToken(["User", "Moderator"])).token;
    tokens.admin = (await userWithToken(["User", "Admin"])).token;
    const cat = await env.DB.prepare(
      "INSERT INTO media_categories (name, slug, color, sort_order) VALUES ('Screens', 'screens-main', '#EF4444', 1) RETURNING id",
    ).first<{ id: number }>();
    categoryId = cat!.id;
    const other = await env.DB.prepare(
      "INSERT INTO media_categories (name, slug, color, sort_order) VALUES ('Maps', 'maps-main', '#10B981', 2) RETURNING id",
    ).first<{ id: number }>();
    otherCategoryId = other!.id;
    const faction = await env.DB.prepare(
      "INSERT INTO factions (name, alignment) VALUES ('Concord', 'Order') RETURNING id",
    ).first<{ id: number }>();
    factionId = faction!.id;
  });
}

type ItemOptions = {
  title?: string;
  approved?: boolean;
  featured?: boolean;
  type?: "image" | "video" | "gif";
  category?: number | null;
  faction?: number | null;
  withFiles?: boolean;
  sortOrder?: number;
  thumbnailStatus?: "pending" | "ready" | "failed";
};

/** Inserts a media item (and, by default, its five R2 objects under a unique folder). */
export async function item(options: ItemOptions = {}) {
  const n = nextSeq();
  const folder = `media/t${n}-${Date.now().toString(36)}`;
  const keys = {
    original: `${folder}/original.jpg`,
    large: `${folder}/large.jpg`,
    largeWebp: `${folder}/large.webp`,
    thumb: `${folder}/thumb.jpg`,
    thumbWebp: `${folder}/thumb.webp`,
  };
  const withFiles = options.withFiles ?? true;
  if (withFiles) {
    await Promise.all(Object.values(keys).map((k) => env.MEDIA.put(k, new Uint8Array([1, 2, 3]))));
  }
  const row = await env.DB.prepare(
    `INSERT INTO media_items (title, description, media_type, category_id, faction_id, is_approved, is_featured,
       original_key, large_key, large_webp_key, thumbnail_key, thumbnail_webp_key, thumbnail_status, width, height, sort_order, tags)
     VALUES (?1, 'About ' || ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 1600, 900, ?13, 'alpha,beta') RETURNING id`,
  )
    .bind(
      options.title ?? `Item ${n}`,
      options.type ?? "image",
      options.category === undefined ? categoryId : options.category,
      options.faction === undefined ? factionId : options.faction,
      options.approved === false ? 0 : 1,
      options.featured ? 1 : 0,
      keys.original,
      withFiles ? keys.large : null,
      withFiles ? keys.largeWebp : null,
      withFiles ? keys.thumb : null,
      withFiles ? keys.thumbWebp : null,
      options.thumbnailStatus ?? "ready",
      options.sortOrder ?? 0,
    )
    .first<{ id: number }>();
  return { id: row!.id, keys };
}

export const list = async (query: string, token?: string) => {
  const res = await call(`/api/media${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as MediaListResponse;
};

export const validBody = () => ({
  title: "Harbour at dawn",
  description: "Ships waiting in the bay.",
  mediaType: "image",
  categoryId,
  factionId,
  tags: " sea , ships ,, dawn ",
  altText: "Ships in a harbour",
  caption: "Morning",
  originalUrl: "https://video.example.com/watch/1",
});
