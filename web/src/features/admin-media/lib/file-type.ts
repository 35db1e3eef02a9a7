import { sniffFileType, SNIFF_BYTES, type SniffedType } from "@shared/file-type";
import { BYTES_PER_MB, tooLargeMessage, UNSUPPORTED_TYPE_MESSAGE, UPLOAD_CONTENT_TYPES } from "@schemas/uploads";

/**
 * The checks the browser makes before an upload starts, so an obviously wrong file never costs a
 * request: the kind is read from the file's first bytes (never its name), the size against the
 * site's upload limit. The server checks the same things again; the sniffing and the texts are
 * the server's own (shared modules).
 */

/** What the file picker offers (the content is still what decides). */
export const UPLOAD_ACCEPT = UPLOAD_CONTENT_TYPES.join(",");

/** Same text as the server's refusal of a 0-byte file. */
export const EMPTY_FILE_MESSAGE = "The file is empty.";

export const isVideoType = (type: string) => type.startsWith("video/");

export type FileCheck = { ok: true; contentType: SniffedType } | { ok: false; message: string };

/** Reads the file's first bytes and checks its kind and size (limit in MB, as the settings hold it). */
export async function checkUploadFile(file: Blob, maxMb: number): Promise<FileCheck> {
  if (file.size === 0) return { ok: false, message: EMPTY_FILE_MESSAGE };
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const contentType = sniffFileType(head);
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
