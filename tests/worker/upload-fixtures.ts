/**
 * Shared pieces of the upload tests: file headers of each accepted type, deterministic bytes,
 * real images made with the Images binding, and looks into D1 and R2.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";

export const PART = 8 * 1024 * 1024;
export const MIB = 1024 * 1024;

const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWN4FcEDQQxwFgBTkAfVMKeBdAAAAABJRU5ErkJggg==";

/** A real (decodable) image of this size and format, made from a tiny PNG by the Images binding. */
export async function makeImage(width: number, height: number, format: "image/jpeg" | "image/webp" | "image/png"): Promise<Uint8Array> {
  const png = Uint8Array.from(atob(TINY_PNG), (ch) => ch.charCodeAt(0));
  const result = await env.IMAGES.input(new Blob([png]).stream()).transform({ width, height, fit: "cover" }).output({ format });
  return new Uint8Array(await new Response(result.image()).arrayBuffer());
}

export const HEADERS = {
  "image/jpeg": [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01],
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52],
  "image/webp": [...ascii("RIFF"), 0x24, 0x00, 0x00, 0x00, ...ascii("WEBPVP8 ")],
  "image/gif": [...ascii("GIF89a"), 0x01, 0x00, 0x01, 0x00],
  "video/mp4": [0x00, 0x00, 0x00, 0x20, ...ascii("ftypisom"), 0x00, 0x00, 0x02, 0x00],
  "video/webm": [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81],
} as const;
export type Declared = keyof typeof HEADERS;

export function ascii(text: string) {
  return [...text].map((ch) => ch.charCodeAt(0));
}

/** `size` bytes starting with `head`, the rest a repeating pattern (deterministic, not all zero). */
export function bytesOf(head: ArrayLike<number>, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + 7) & 255;
  out.set(Array.from(head).slice(0, size));
  return out;
}

/** Part `n` (1-based) of a file. */
export const partOf = (file: Uint8Array, n: number) => file.subarray((n - 1) * PART, Math.min(file.length, n * PART));

export const uploadRow = (id: string) => env.DB.prepare("SELECT * FROM uploads WHERE id = ?1").bind(id).first<Record<string, unknown>>();
export const partRows = (id: string) =>
  env.DB.prepare("SELECT part_number FROM upload_parts WHERE upload_id = ?1 ORDER BY part_number").bind(id).all<{ part_number: number }>();
export const objectsUnder = async (id: string) => (await env.MEDIA.list({ prefix: `media/u${id}/` })).objects.map((o) => o.key);

export const sha256 = async (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function expectEnvelope(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { code: string; message: string; errors?: Record<string, string[]> };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  return body;
}

