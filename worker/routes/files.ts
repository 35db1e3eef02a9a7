import { Hono, type Context } from "hono";
import { hasVariants, variantKey, type VariantWidth } from "@shared/image-variants";
import { isPublicMediaKey } from "../db/queries/media/items";
import { primaryDatabase } from "../db/session";
import type { AppEnv } from "../env";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { verifyFileSignature } from "../lib/file-signature";
import { validate } from "../middleware/validate";
import { fileQuery } from "./files-query";

/**
 * R2 objects from the MEDIA bucket at /files/{key}. Keys are never overwritten (they carry a
 * content hash or an id plus version). Supports conditional requests (ETag / If-None-Match →
 * 304), single byte ranges (206 / 416, needed for video seeking) and HEAD.
 *
 * Private by default (docs/decisions/0026-private-files-and-bounded-jobs.md). An object is public
 * only when it is
 *  - one of the site's own assets: a key under SITE_ASSET_PREFIXES (faction art, portraits, news
 *    images, avatars; written by operators, never by uploads) or a resized copy of one. They never
 *    change, so they are cached for a year as immutable;
 *  - a file of an approved media item (checked on D1's primary at every request). Approval can be
 *    taken back, so browsers and proxies keep these MEDIA_FILE_MAX_AGE seconds and then revalidate
 *    (ETag → 304): un-approving or deleting the item holds everywhere within that bound.
 * Anything else (an upload not yet attached, a rendition a thumbnail job has not switched to yet,
 * an orphan, an unapproved item's file) answers 404 like a missing file, unless the URL carries a
 * valid signature (handed out by the admin API, worker/lib/file-signature.ts); signed responses
 * are cached privately only until the signature expires.
 *
 * `?w=640|960|1280` answers a resized WebP copy of one of the site's own raster images (see
 * @shared/image-variants): made with the Images binding on the first request, kept in R2 and
 * served like any file afterwards.
 */

const PREFIX = "/files/";
const MAX_KEY_BYTES = 1024;

/** Fallback types when an object was stored without httpMetadata.contentType. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
};

/** Where the site's own assets live: public and immutable. Uploads and thumbnails write under media/ only. */
export const SITE_ASSET_PREFIXES = ["avatars/", "factions/", "news/", "portraits/"] as const;

/** Whether a key is one of the site's own assets, or the resized copy of one (`variants/w{width}/{key}.webp`). */
export function isSiteAsset(key: string): boolean {
  const copyOf = /^variants\/w\d+\/(.+)\.webp$/.exec(key)?.[1];
  const source = copyOf ?? key;
  return SITE_ASSET_PREFIXES.some((prefix) => source.startsWith(prefix));
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Seconds a browser or proxy may keep a media item's file before revalidating: the bound within
 * which un-approving or deleting an item takes effect for every client.
 */
export const MEDIA_FILE_MAX_AGE = 300;
const MEDIA_FILE_CACHE = `public, max-age=${MEDIA_FILE_MAX_AGE}, must-revalidate`;

const FILE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Accept-Ranges": "bytes",
  // A file opened directly (e.g. an uploaded SVG) can never run script or load anything.
  "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
};

/** The object key from the request path, or an error for empty / traversal / malformed keys. */
export function keyFromPath(pathname: string): string {
  const raw = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : "";
  let key: string;
  try {
    key = decodeURIComponent(raw);
  } catch {
    throw badRequest("Malformed file path.");
  }
  if (key === "") throw notFound("File");
  // R2 keys are at most 1024 bytes of UTF-8: a longer one names no object (and R2 would throw).
  if (new TextEncoder().encode(key).length > MAX_KEY_BYTES) throw notFound("File");
  const segments = key.split("/");
  const unsafe =
    key.includes("\\") ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(key) ||
    segments.some((s) => s === "" || s === "." || s === "..");
  if (unsafe) throw badRequest("Invalid file path.");
  return key;
}

type ByteRange = { offset: number; length: number };

/**
 * Parses a single `bytes=` range against the object size. Returns undefined when the header
 * should be ignored (absent, not bytes, several ranges, last < first: the whole file is sent), "unsatisfiable"
 * when it cannot be served (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return undefined;
  const [, startText, endText] = match;
  if (startText === "" && endText === "") return undefined;
  if (startText === "") {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(startText);
  // last < first makes the range invalid, and an invalid Range header is ignored (RFC 9110 §14.2).
  if (endText !== "" && Number(endText) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  const end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  return { offset: start, length: end - start + 1 };
}

/** Weak comparison of If-None-Match against the object's ETag (RFC 9110 §13.1.2). */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return header.split(",").some((tag) => bare(tag) === wanted);
}

function contentTypeOf(object: R2Object, key: string): string {
  if (object.httpMetadata?.contentType) return object.httpMetadata.contentType;
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return TYPES_BY_EXTENSION[ext] ?? "application/octet-stream";
}

function baseHeaders(object: R2Object, key: string): Headers {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("Content-Type", contentTypeOf(object, key));
  headers.set("ETag", object.httpEtag);
  headers.set("Last-Modified", object.uploaded.toUTCString());
  for (const [name, value] of Object.entries(FILE_HEADERS)) headers.set(name, value);
  return headers;
}

/**
 * The Cache-Control an object may be served with, or 404 (like a missing file) when it is private
 * and the URL carries no valid signature.
 */
async function fileAccess(c: Context<AppEnv>, key: string): Promise<string> {
  const signed = await verifyFileSignature(c.env, key, c.req.query("exp"), c.req.query("sig"));
  if (signed !== null) return `private, max-age=${Math.min(signed, 3600)}`;
  if (isSiteAsset(key)) return IMMUTABLE;
  // The primary: an item un-approved a moment ago is private now, whatever a replica says.
  if (key.startsWith("media/") && (await isPublicMediaKey(primaryDatabase(c.env.DB).db, key))) return MEDIA_FILE_CACHE;
  throw notFound("File");
}

/**
 * Makes the resized copy of `key` and keeps it at `copyKey`. False when the Images binding cannot
 * read the original (the caller then sends the original); 404 when there is no original.
 */
async function makeVariant(env: AppEnv["Bindings"], key: string, copyKey: string, width: VariantWidth): Promise<boolean> {
  const original = await env.MEDIA.get(key);
  if (!original) throw notFound("File");
  try {
    const result = await env.IMAGES.input(original.body)
      .transform({ width, fit: "scale-down" })
      .output({ format: "image/webp", quality: 80 });
    // R2 needs a known length; a copy is at most 1280 pixels wide, so buffer it.
    const bytes = await new Response(result.image()).arrayBuffer();
    await env.MEDIA.put(copyKey, bytes, { httpMetadata: { contentType: "image/webp" } });
    return true;
  } catch (err) {
    console.warn(JSON.stringify({ level: "warn", where: "files", key, width, error: String(err) }));
    return false;
  }
}

export const filesRoutes = new Hono<AppEnv>()
  // GET also answers HEAD (Hono routes HEAD to GET handlers and drops the body).
  .get("/*", validate("query", fileQuery), async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const key = keyFromPath(pathname);
    const { w } = c.req.valid("query");
    if (w === undefined) return serveObject(c, key, await fileAccess(c, key));
    if (!hasVariants(key)) throw badRequest("Only JPEG, PNG and WebP images outside media/ and variants/ have resized copies.");
    // Copies only of the site's own (public) images: no other key is served, copied or not.
    if (!isSiteAsset(key)) throw notFound("File");
    const width = Number(w) as VariantWidth;
    const copy = variantKey(key, width);
    // The copy if it exists (one R2 read), else made now; an unreadable original is sent as it is.
    const kept = await serveObject(c, copy, IMMUTABLE).catch((err: unknown) => (err instanceof ApiError && err.status === 404 ? null : Promise.reject(err)));
    if (kept) return kept;
    if (await makeVariant(c.env, key, copy, width)) return serveObject(c, copy, IMMUTABLE);
    return new Response(null, { status: 302, headers: { Location: pathname, "Cache-Control": "no-store" } });
  })
  .all("/*", (c) => {
    throw new ApiError(405, `${c.req.method} is not allowed on files.`, { headers: { Allow: "GET, HEAD" } });
  });

/** One object of the bucket as a response: conditional requests, a single range, HEAD. `cacheControl`: see fileAccess. */
async function serveObject(c: Context<AppEnv>, key: string, cacheControl: string): Promise<Response> {
  const isHead = c.req.method === "HEAD";
  const ifNoneMatch = c.req.header("If-None-Match");
  const rangeHeader = c.req.header("Range");
  const headersFor = (object: R2Object) => {
    const headers = baseHeaders(object, key);
    headers.set("Cache-Control", cacheControl);
    return headers;
  };

  // Plain GET: one R2 round trip.
  if (!isHead && !ifNoneMatch && !rangeHeader) {
    const object = await c.env.MEDIA.get(key);
    if (!object) throw notFound("File");
    const headers = headersFor(object);
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  }

  const meta = await c.env.MEDIA.head(key);
  if (!meta) throw notFound("File");
  const headers = headersFor(meta);

  if (ifNoneMatch && etagMatches(ifNoneMatch, meta.httpEtag)) {
    return new Response(null, { status: 304, headers });
  }

  const ifRange = c.req.header("If-Range");
  const rangeApplies = !ifRange || ifRange.trim() === meta.httpEtag;
  const range = rangeApplies ? parseRange(rangeHeader, meta.size) : undefined;
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${meta.size}`);
    headers.set("Content-Type", "application/json");
    headers.set("Cache-Control", "no-store");
    return new Response(JSON.stringify({ code: "range_not_satisfiable", message: "Requested range not satisfiable." }), { status: 416, headers });
  }

  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${meta.size}`);
    headers.set("Content-Length", String(range.length));
    if (isHead) return new Response(null, { status: 206, headers });
    const part = await c.env.MEDIA.get(key, { range });
    if (!part) throw notFound("File");
    return new Response(part.body, { status: 206, headers });
  }

  headers.set("Content-Length", String(meta.size));
  if (isHead) return new Response(null, { status: 200, headers });
  const object = await c.env.MEDIA.get(key);
  if (!object) throw notFound("File");
  return new Response(object.body, { status: 200, headers });
}
