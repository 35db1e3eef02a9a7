import { readStorage, STORAGE_KEYS, writeStorage } from "@/lib/storage";
import type { UploadId } from "./upload-engine";

/**
 * The uploads this browser started and has not finished, kept in localStorage so that after a
 * reload, a closed tab or a lost connection the dialog can offer to resume them. The file itself
 * cannot be kept: the user picks it again and it is matched by name and size.
 */
export type StoredUpload = {
  uploadId: UploadId;
  fileName: string;
  size: number;
  lastModified: number;
  title: string;
  startedAt: string;
};

function isStoredUpload(value: unknown): value is StoredUpload {
  const v = value as Partial<StoredUpload> | null;
  return (
    !!v &&
    (typeof v.uploadId === "string" || typeof v.uploadId === "number") &&
    typeof v.fileName === "string" &&
    typeof v.size === "number" &&
    typeof v.lastModified === "number" &&
    typeof v.title === "string" &&
    typeof v.startedAt === "string"
  );
}

export function readStoredUploads(): StoredUpload[] {
  try {
    const parsed = JSON.parse(readStorage(STORAGE_KEYS.unfinishedUploads) ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter(isStoredUpload) : [];
  } catch {
    return [];
  }
}

function write(list: StoredUpload[]) {
  writeStorage(STORAGE_KEYS.unfinishedUploads, list.length ? JSON.stringify(list) : null);
}

export function rememberUpload(entry: StoredUpload): void {
  write([...readStoredUploads().filter((u) => String(u.uploadId) !== String(entry.uploadId)), entry]);
}

export function forgetUpload(uploadId: UploadId): void {
  write(readStoredUploads().filter((u) => String(u.uploadId) !== String(uploadId)));
}

/** Forgets the uploads the server no longer holds for this user (completed elsewhere, expired). */
export function keepOnlyStoredUploads(serverIds: UploadId[]): void {
  const keep = new Set(serverIds.map(String));
  const list = readStoredUploads();
  const kept = list.filter((u) => keep.has(String(u.uploadId)));
  if (kept.length !== list.length) write(kept);
}

/** The stored upload a picked file continues: same name and size (newest first). */
export function matchStoredUpload<T extends { uploadId: UploadId; fileName: string; size: number }>(
  candidates: T[],
  file: { name: string; size: number },
): T | undefined {
  return candidates.find((u) => u.fileName === file.name && u.size === file.size);
}
