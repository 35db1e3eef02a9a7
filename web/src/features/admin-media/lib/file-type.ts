/**
 * The checks the browser makes before an upload starts, so an obviously wrong file never costs a
 * request: the kind is read from the file's first bytes (never its name), the size against the
 * site's upload limit. The server checks the same things again and answers with the same texts.
 */

export const UPLOAD_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "video/mp4", "video/webm"] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** What the file picker offers (the content is still what decides). */
export const UPLOAD_ACCEPT = UPLOAD_CONTENT_TYPES.join(",");

/** Bytes in one MB of the site's upload limit (the setting is a whole number of MB). */
export const BYTES_PER_MB = 1024 * 1024;

export const UNSUPPORTED_TYPE_MESSAGE = "Only JPEG, PNG, WebP and GIF images and MP4 and WebM videos can be uploaded.";
export const EMPTY_FILE_MESSAGE = "The file is empty.";
export const tooLargeMessage = (maxMb: number) => `The file is larger than the upload limit of ${maxMb} MB.`;

/** How many leading bytes `sniffContentType` needs. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, text: string) =>
  text.split("").every((ch, i) => bytes[from + i] === ch.charCodeAt(0));

/** The content type the first bytes show, or null when they are none of the accepted kinds. */
export function sniffContentType(bytes: Uint8Array): UploadContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, "PNG\r\n\x1a\n")) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "image/webp";
  if (bytes.length >= 6 && (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a"))) return "image/gif";
  if (bytes.length >= 8 && ascii(bytes, 4, "ftyp")) return "video/mp4";
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "video/webm";
  return null;
}

export const isVideoType = (type: string) => type.startsWith("video/");

export type FileCheck = { ok: true; contentType: UploadContentType } | { ok: false; message: string };

/** Reads the file's first bytes and checks its kind and size (limit in MB, as the settings hold it). */
export async function checkUploadFile(file: Blob, maxMb: number): Promise<FileCheck> {
  if (file.size === 0) return { ok: false, message: EMPTY_FILE_MESSAGE };
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const contentType = sniffContentType(head);
  if (!contentType) return { ok: false, message: UNSUPPORTED_TYPE_MESSAGE };
  if (file.size > maxMb * BYTES_PER_MB) return { ok: false, message: tooLargeMessage(maxMb) };
  return { ok: true, contentType };
}

/** The title a file's name suggests: the name without its extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.trim().slice(0, 200) || name.slice(0, 200);
}

/** "12.3 MB", "840 KB", "12 B". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < BYTES_PER_MB) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;
}
