/** Game data as text for the wiki pages: JSON columns as lines, spell effects and requirements. */
import type { Unit } from "@schemas/unit";

/** A JSON-typed column (a list of names, usually) as text lines; anything else as one line or none. */
export function textList(value: unknown): string[] {
  if (value === null || value === undefined || value === "") return [];
  if (Array.isArray(value)) return value.flatMap((v) => (v === null || v === "" ? [] : [typeof v === "string" ? v : JSON.stringify(v)]));
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
  return [String(value)];
}

/** "perSpellPower" → "Per spell power". */
export function humanizeKey(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A spell's effects (a JSON object, usually) as label/value pairs. */
export function effectEntries(value: unknown): { label: string; value: string }[] {
  if (value === null || value === undefined || value === "") return [];
  if (typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => ({
      label: humanizeKey(k),
      value: typeof v === "string" ? v : JSON.stringify(v),
    }));
  }
  return textList(value).map((line) => ({ label: "Effect", value: line }));
}

/** Special abilities are a JSON list; anything else shows nothing. */
export function abilityList(value: Unit["specialAbilities"]): string[] {
  if (!Array.isArray(value)) return typeof value === "string" && value ? [value] : [];
  return value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).filter(Boolean);
}
