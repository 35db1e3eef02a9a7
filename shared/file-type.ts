/**
 * The type of an uploaded file decided by its first bytes (its "magic number"), never by its
 * name or the type the browser declared. Pure: the Worker refuses parts with it and the upload
 * dialog can check a file before sending it.
 */

export type SniffedType = "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "video/mp4" | "video/webm";

/** How many leading bytes `sniffFileType` needs at most. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  bytes.length >= offset + text.length && [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/**
 * The accepted type these leading bytes belong to, or null for anything else (executables,
 * documents, other image or video formats, too few bytes).
 */
export function sniffFileType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP")) return "image/webp";
  if (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a")) return "image/gif";
  // ISO base media (MP4): a box size, then the `ftyp` box type.
  if (ascii(head, 4, "ftyp")) return "video/mp4";
  // Matroska/WebM: the EBML header element.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  return null;
}
