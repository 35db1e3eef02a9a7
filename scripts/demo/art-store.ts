/**
 * The demo content's images for scripts/seed.ts: each is drawn (scripts/demo/images.ts,
 * portraits.ts), kept on disk by its content-hash key and stored in R2 once; a key already in the
 * bucket is not drawn or sent again.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { FACTIONS, type DemoFaction } from "./factions.ts";
import { bannerSvg, emblemSvg, mediaKeys, renderMedia, renderSvg, sceneSvg, shortHash } from "./images.ts";
import type { DemoMediaItem } from "./media.ts";
import { pick } from "./pick.ts";
import { renderPortrait } from "./portraits.ts";

/** The R2 bucket as the seed uses it (the Node scripts do not load the Workers type definitions). */
export type Bucket = {
  list(options: { prefix: string; cursor?: string }): Promise<{ objects: { key: string; size: number }[]; truncated: boolean; cursor?: string }>;
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
};

/** Bump to re-render every demo image (the version is part of each key's hash). */
export const ART_VERSION = "art-v1";
export const MEDIA_SIZE = { width: 1600, height: 900 };

type StoredFile = { key: string; size: number };

/**
 * Rendered files are also kept on disk by key (keys are content hashes), so a fresh state
 * directory (the browser tests make one per run) is filled without drawing everything again.
 */
const ART_CACHE = ".wrangler/demo-art";
const readCache = (key: string): Buffer | undefined => {
  const file = join(ART_CACHE, key);
  return existsSync(file) ? readFileSync(file) : undefined;
};
const writeCache = (key: string, bytes: Buffer) => {
  const file = join(ART_CACHE, key);
  mkdirSync(dirname(file), { recursive: true });
  // Write then rename, so a seed running at the same time never reads a half-written file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, bytes);
  renameSync(temp, file);
};

/** Sizes of the demo files already in the bucket (one list call per prefix instead of a head per file). */
const stored = new Map<string, number>();
export async function loadStored(bucket: Bucket): Promise<void> {
  for (const prefix of ["media/demo-", "factions/", "news/", "portraits/"]) {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor });
      for (const o of page.objects) stored.set(o.key, o.size);
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
}

/** Renders (unless already stored or cached) and uploads one file; returns its key and stored size. */
async function storeRendered(bucket: Bucket, key: string, render: () => Promise<Buffer>, contentType: string): Promise<StoredFile> {
  const size = stored.get(key);
  if (size !== undefined) return { key, size };
  let bytes = readCache(key);
  if (!bytes) {
    bytes = await render();
    writeCache(key, bytes);
  }
  await bucket.put(key, bytes, { httpMetadata: { contentType } });
  return { key, size: bytes.length };
}

export type FactionArt = { logoUrl: string; backgroundUrl: string; bannerUrl: string };

export async function factionArt(bucket: Bucket, faction: DemoFaction): Promise<FactionArt> {
  const p = faction.palette;
  const logo = emblemSvg(`${faction.slug}:logo`, p, 512);
  const background = sceneSvg({ seed: `${faction.slug}:background`, palette: p, width: 1600, height: 900, night: faction.night, castle: true });
  const banner = bannerSvg(`${faction.slug}:banner`, p, 1600, 400);
  const key = (kind: string, svg: string, ext: string) => `factions/${faction.slug}/${kind}-${shortHash(ART_VERSION + svg)}.${ext}`;
  const logoKey = key("logo", logo, "png");
  const [l, bg, bn] = await Promise.all([
    storeRendered(bucket, logoKey, () => renderSvg(logo, "png"), "image/png"),
    storeRendered(bucket, key("background", background, "jpg"), () => renderSvg(background, "jpeg"), "image/jpeg"),
    storeRendered(bucket, key("banner", banner, "jpg"), () => renderSvg(banner, "jpeg"), "image/jpeg"),
    // A small WebP twin of the logo under the same name: the pages show it at 64–112 px.
    storeRendered(bucket, logoKey.replace(/\.png$/, ".webp"), () => sharp(Buffer.from(logo)).resize(224).webp({ quality: 82 }).toBuffer(), "image/webp"),
  ]);
  return { logoUrl: `/files/${l.key}`, backgroundUrl: `/files/${bg.key}`, bannerUrl: `/files/${bn.key}` };
}

export type MediaFiles = ReturnType<typeof mediaKeys> & { fileSize: number };

export async function mediaArt(bucket: Bucket, item: DemoMediaItem, index: number): Promise<MediaFiles> {
  const faction = FACTIONS.find((f) => f.slug === item.factionSlug)!;
  const svg = sceneSvg({ seed: `media:${item.title}`, palette: faction.palette, ...MEDIA_SIZE, motif: item.motif, night: index % 3 === 0 ? true : undefined });
  const prefix = `demo-${shortHash(ART_VERSION + svg)}`;
  const keys = mediaKeys(prefix);
  const originalSize = stored.get(keys.original);
  if (originalSize !== undefined && Object.values(keys).every((k) => stored.has(k))) return { ...keys, fileSize: originalSize };
  const contentTypes = { original: "image/jpeg", large: "image/jpeg", largeWebp: "image/webp", thumb: "image/jpeg", thumbWebp: "image/webp" };
  const fromCache = Object.entries(keys).map(([name, key]) => ({ key, bytes: readCache(key), contentType: contentTypes[name as keyof typeof keys] }));
  let files: { key: string; bytes: Buffer; contentType: string }[];
  if (fromCache.every((f) => f.bytes)) {
    files = fromCache as typeof files;
  } else {
    files = Object.values((await renderMedia(svg, prefix, MEDIA_SIZE.width, MEDIA_SIZE.height)).files);
    for (const file of files) writeCache(file.key, file.bytes);
  }
  await Promise.all(files.map((f) => bucket.put(f.key, f.bytes, { httpMetadata: { contentType: f.contentType } })));
  return { ...keys, fileSize: pick(files, 0, "original").bytes.length };
}

export async function newsArt(bucket: Bucket, slug: string, factionSlug: string): Promise<string> {
  const faction = FACTIONS.find((f) => f.slug === factionSlug)!;
  const svg = sceneSvg({ seed: `news:${slug}`, palette: faction.palette, width: 1200, height: 675, night: faction.night });
  const stored = await storeRendered(bucket, `news/${slug}-${shortHash(ART_VERSION + svg)}.jpg`, () => renderSvg(svg, "jpeg"), "image/jpeg");
  return `/files/${stored.key}`;
}

/**
 * A unit's or hero's portrait: JPEG and WebP twins under one content-hashed name (the SPA
 * offers the .webp next to the .jpg); answers the JPEG's URL.
 */
export async function portraitArt(bucket: Bucket, kind: "units" | "heroes", name: string, svg: string): Promise<string> {
  const base = `portraits/${kind}/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}-${shortHash(ART_VERSION + svg)}`;
  let rendered: Promise<{ jpeg: Buffer; webp: Buffer }> | undefined;
  const render = () => (rendered ??= renderPortrait(svg));
  const [jpeg] = await Promise.all([
    storeRendered(bucket, `${base}.jpg`, async () => (await render()).jpeg, "image/jpeg"),
    storeRendered(bucket, `${base}.webp`, async () => (await render()).webp, "image/webp"),
  ]);
  return `/files/${jpeg.key}`;
}

export const paletteOf = (slug: string) => {
  const faction = FACTIONS.find((f) => f.slug === slug);
  if (!faction) throw new Error(`Demo data: unknown faction ${slug}.`);
  return faction.palette;
};
