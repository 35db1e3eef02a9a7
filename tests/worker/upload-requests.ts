/**
 * The upload tests' world (tests/worker/uploads.test.ts, uploads-refusals.test.ts): accounts of
 * each role, a category and a faction, a real JPEG (setUpUploads), and the requests of an upload.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, expect, vi } from "vitest";
import type { Upload } from "../../shared/schemas/uploads";
import { call, setSettings, userWithToken } from "./helpers";
import { bytesOf, makeImage, objectsUnder, partRows, uploadRow } from "./upload-fixtures";

/** A one-part file still larger than the real JPEG inside it. */
export const SMALL = 100_000;

export const tokens = { user: "", moderator: "", admin: "", otherModerator: "" };
export let categoryId = 0;
export let factionId = 0;
/** A real 1200×800 JPEG (decodable: dimensions and thumbnails can be read from it). */
let jpeg: Uint8Array;

/** Accounts, a category, a faction, a real JPEG and a 100 MB upload limit for the file's tests (its own storage). */
export function setUpUploads() {
  beforeAll(async () => {
    tokens.user = (await userWithToken(["User"])).token;
    tokens.moderator = (await userWithToken(["User", "Moderator"])).token;
    tokens.admin = (await userWithToken(["User", "Admin"])).token;
    tokens.otherModerator = (await userWithToken(["User", "Moderator"])).token;
    const cat = await env.DB.prepare(
      "INSERT INTO media_categories (name, slug, color) VALUES ('Uploads', 'uploads-test', '#EF4444') RETURNING id",
    ).first<{ id: number }>();
    categoryId = cat!.id;
    const faction = await env.DB.prepare("INSERT INTO factions (name, alignment) VALUES ('Upload Concord', 'Order') RETURNING id").first<{
      id: number;
    }>();
    factionId = faction!.id;
    jpeg = await makeImage(1200, 800, "image/jpeg");
    // Room for the multi-part files below (the default limit is 10 MB).
    await setSettings({ maxFileUploadSize: 100 });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** Runs `fn` with the site's upload limit set to `mb`, then puts back this file's 100 MB. */
export async function withLimit(mb: number, fn: () => Promise<void>) {
  try {
    await setSettings({ maxFileUploadSize: mb });
    await fn();
  } finally {
    await setSettings({ maxFileUploadSize: 100 });
  }
}


// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** A decodable JPEG padded after its end marker to `size` bytes (decoders ignore the tail). */
export const paddedJpeg = (size: number) => {
  const out = bytesOf([], size);
  out.set(jpeg);
  return out;
};

let seq = 0;
export type CreateBody = { fileName?: string; size?: number; contentType?: string; title?: string; categoryId?: number; factionId?: number | null; description?: string };

export const createBody = (overrides: CreateBody = {}) => ({
  fileName: `file-${++seq}.jpg`,
  size: 1000,
  contentType: "image/jpeg",
  title: `Upload ${seq}`,
  categoryId,
  factionId,
  description: "From the tests.",
  ...overrides,
});

export const createUpload = (body: CreateBody = {}, token = tokens.moderator) =>
  call("/api/uploads", { method: "POST", token, json: createBody(body) });

export async function started(body: CreateBody = {}, token = tokens.moderator): Promise<Upload> {
  const res = await createUpload(body, token);
  expect(res.status).toBe(201);
  return (await res.json()) as Upload;
}

export const putPart = (id: string, n: number | string, bytes: Uint8Array | null, token = tokens.moderator, headers: Record<string, string> = {}) =>
  call(`/api/uploads/${id}/parts/${n}`, {
    method: "PUT",
    token,
    body: bytes,
    headers: { "Content-Type": "application/octet-stream", ...headers },
  });

export const complete = (id: string, token = tokens.moderator) => call(`/api/uploads/${id}/complete`, { method: "POST", token });

/** Nothing of the upload is left: no row, no parts, no object in R2. */
export async function expectGone(upload: Upload) {
  expect(await uploadRow(upload.id)).toBeNull();
  expect((await partRows(upload.id)).results).toEqual([]);
  expect(await objectsUnder(upload.id)).toEqual([]);
}
