import { useSyncExternalStore } from "react";
import { UNIT_COMPARE_MAX } from "@shared/game";
import { readStorage, STORAGE_KEYS, writeStorage } from "@/lib/storage";

/** A unit in the compare tray: enough to show and link it without a request. */
export type CompareEntry = { id: number; name: string };

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: CompareEntry[] } = { raw: null, list: [] };

function parse(raw: string | null): CompareEntry[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    const seen = new Set<number>();
    return data
      .filter((e): e is CompareEntry => {
        if (!e || typeof e !== "object") return false;
        const { id, name } = e as Partial<CompareEntry>;
        if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1 || typeof name !== "string" || seen.has(id)) return false;
        seen.add(id);
        return true;
      })
      .slice(0, UNIT_COMPARE_MAX);
  } catch {
    return [];
  }
}

/** The stored list (the same array while storage is unchanged, as useSyncExternalStore needs). */
export function readCompareList(): CompareEntry[] {
  const raw = readStorage(STORAGE_KEYS.compareUnits);
  if (raw !== cache.raw) cache = { raw, list: parse(raw) };
  return cache.list;
}

function save(list: CompareEntry[]) {
  writeStorage(STORAGE_KEYS.compareUnits, list.length ? JSON.stringify(list) : null);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the choice.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.compareUnits) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Adds a unit (false when the tray already holds the maximum); a unit already there stays once. */
export function addToCompare(entry: CompareEntry): boolean {
  const list = readCompareList();
  if (list.some((e) => e.id === entry.id)) return true;
  if (list.length >= UNIT_COMPARE_MAX) return false;
  save([...list, { id: entry.id, name: entry.name }]);
  return true;
}

export function removeFromCompare(id: number): void {
  save(readCompareList().filter((e) => e.id !== id));
}

export function clearCompare(): void {
  save([]);
}

/** The units chosen for comparison, kept in localStorage (survives navigation, reload and tabs). */
const EMPTY: CompareEntry[] = [];
const serverSnapshot = () => EMPTY;

export function useCompareList(): CompareEntry[] {
  return useSyncExternalStore(subscribe, readCompareList, serverSnapshot);
}
