import { REQUIRED_MESSAGES, TRUNCATE, type AssetConfig, type FieldDef } from "./asset-config";

/**
 * The editor's rows, kept apart from the grid component so the rules can be tested alone.
 * A row holds the record's fields as the cells edit them: numbers, booleans, enum words, and
 * JSON fields as JSON text. New rows have a temporary negative id and `isNew`.
 */
export type AssetRow = {
  id: number;
  isNew?: boolean;
  updatedAt?: string;
  factionId?: number | null;
  [field: string]: unknown;
};

/** Field → message, per row id. */
export type RowErrors = Record<number, Record<string, string>>;

const jsonText = (v: unknown) => (v === null || v === undefined || v === "" ? "" : typeof v === "string" ? v : JSON.stringify(v));

/** A record from the API as a grid row (JSON fields as text, null texts as ""). */
export function toRow(config: AssetConfig, record: Record<string, unknown>): AssetRow {
  const row: AssetRow = { id: record.id as number, updatedAt: record.updatedAt as string };
  if ("factionId" in record) row.factionId = record.factionId as number;
  if ("baseUnitId" in record) row.baseUnitId = record.baseUnitId;
  if ("factionIds" in record) row.factionIds = record.factionIds;
  for (const f of config.fields) {
    const v = record[f.key];
    row[f.key] =
      f.kind === "json" ? jsonText(v) : f.kind === "factions" ? factionSet(v) : (f.kind === "string" || f.kind === "text") && v == null ? "" : v;
  }
  return row;
}

/** A new row with the spec's defaults: the selected faction and level (units), rarity 1 (heroes). */
export function newRow(config: AssetConfig, id: number, context: { factionId: number | null; upgradeLevel: number }): AssetRow {
  const row: AssetRow = { id, isNew: true, ...config.defaults };
  if (config.type === "units") {
    row.factionId = context.factionId;
    row.upgradeLevel = context.upgradeLevel;
    row.isUpgraded = context.upgradeLevel !== 0;
    row.tier = 1;
  }
  if (config.type === "heroes") {
    row.factionId = context.factionId;
    row.rarityLevel = 1;
  }
  return row;
}

/** Faction ids as a set: whole numbers, each once, in order (so two sets compare as equal text). */
export function factionSet(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is number => Number.isInteger(v) && v > 0))].sort((a, b) => a - b);
}

/** Faction names by id, for the cells that name factions. */
export type FactionNames = ReadonlyMap<number, string>;

/** What a cell shows: long text cut at 30 characters, strings at 20 (with "…"); factions by name. */
export function displayValue(field: FieldDef, value: unknown, factionNames?: FactionNames): string {
  if (field.kind === "bool") return value ? "Yes" : "No";
  if (field.kind === "factions") {
    const ids = factionSet(value);
    return ids.length ? ids.map((id) => factionNames?.get(id) ?? `#${id}`).join(", ") : "None";
  }
  const text = value === null || value === undefined ? "" : String(value);
  const limit = field.kind === "text" || field.kind === "json" ? TRUNCATE.text : field.kind === "string" ? TRUNCATE.string : Infinity;
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/**
 * A typed or pasted value as the cell's value, or the message why it cannot be one. Whole
 * numbers must be digits; booleans accept yes/no, true/false, 1/0; enums one of the options
 * (any case); JSON must parse.
 */
export function parseCell(field: FieldDef, input: unknown): { value: unknown; error?: string } {
  if (field.kind === "factions") {
    return Array.isArray(input) ? { value: factionSet(input) } : { value: [], error: `Choose ${field.label.toLowerCase()} from the list.` };
  }
  if (field.kind === "bool") {
    if (typeof input === "boolean") return { value: input };
    const t = String(input ?? "").trim().toLowerCase();
    if (["yes", "true", "1", "y", "x"].includes(t)) return { value: true };
    if (["no", "false", "0", "n", ""].includes(t)) return { value: false };
    return { value: input, error: `${field.label} must be yes or no.` };
  }
  if (field.kind === "int") {
    if (typeof input === "number" && Number.isInteger(input)) return { value: input };
    const t = String(input ?? "").trim();
    if (/^-?[0-9]{1,9}$/.test(t)) return { value: Number(t) };
    return { value: t, error: `${field.label} must be a whole number.` };
  }
  if (field.kind === "enum") {
    const t = String(input ?? "").trim();
    const match = field.options?.find((o) => o.toLowerCase() === t.toLowerCase());
    return match ? { value: match } : { value: t, error: `${field.label} must be one of: ${field.options?.join(", ")}.` };
  }
  if (field.kind === "json") {
    const t = String(input ?? "").trim();
    if (t === "") return { value: "" };
    try {
      JSON.parse(t);
      return { value: t };
    } catch {
      return { value: t, error: `${field.label} is not valid JSON.` };
    }
  }
  const t = String(input ?? "");
  return { value: field.kind === "string" ? t.trim() : t };
}

/** Whether a field of a row differs from the loaded copy (new rows: every field). */
export function isCellChanged(row: AssetRow, loaded: AssetRow | undefined, key: string): boolean {
  if (row.isNew || !loaded) return true;
  return JSON.stringify(row[key] ?? null) !== JSON.stringify(loaded[key] ?? null);
}

/** Whether any field of the row differs from the loaded copy. */
export function isRowChanged(config: AssetConfig, row: AssetRow, loaded: AssetRow | undefined): boolean {
  return row.isNew === true || config.fields.some((f) => isCellChanged(row, loaded, f.key));
}

/** The spec's checks of a new row before saving (required fields) plus every cell's own check. */
export function validateRow(config: AssetConfig, row: AssetRow): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of config.fields) {
    const { error } = parseCell(f, row[f.key]);
    if (error) errors[f.key] = error;
  }
  if (row.isNew) {
    for (const key of config.required) {
      const v = row[key];
      if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) {
        errors[key === "factionId" ? "name" : key] ??= REQUIRED_MESSAGES[key];
      }
    }
  }
  return errors;
}

/** The body POST or PUT sends for a row (JSON fields parsed; the version it was based on). */
export function toBody(config: AssetConfig, row: AssetRow, loaded: AssetRow | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (row.factionId !== undefined) body.factionId = row.factionId;
  if (row.baseUnitId !== undefined) body.baseUnitId = row.baseUnitId;
  for (const f of config.fields) {
    const v = row[f.key];
    body[f.key] = f.kind === "json" ? (typeof v === "string" && v.trim() ? (JSON.parse(v) as unknown) : null) : v;
  }
  if (config.type === "units") body.upgradeLevel = Number.parseInt(String(row.upgradeLevel ?? 0), 10) || 0;
  if (!row.isNew && loaded?.updatedAt) body.updatedAt = loaded.updatedAt;
  return body;
}

/**
 * Server field errors (`{ field: [messages] }`) as cell errors: the first message per field;
 * errors of fields the grid has no column for go to the name cell.
 */
export function serverErrors(config: AssetConfig, errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    const field = config.fields.some((f) => f.key === key) ? key : "name";
    out[field] ??= message;
  }
  return out;
}

/** A message of a 400 without a field map, matched to the spec's texts by the words it mentions. */
export function messageToErrors(message: string): Record<string, string> | null {
  const m = message.toLowerCase();
  if (m.includes("name")) return { name: REQUIRED_MESSAGES.name };
  if (m.includes("description")) return { description: REQUIRED_MESSAGES.description };
  if (m.includes("biography")) return { biography: REQUIRED_MESSAGES.biography };
  if (m.includes("faction")) return { name: REQUIRED_MESSAGES.factionId };
  return null;
}

/**
 * Tab-separated rows (copied from a spreadsheet) applied from a cell: row r, column c of the
 * block goes to rows[startRow + r], editable column startCol + c; what falls outside the table
 * is dropped. Each value is parsed like typed input; the errors come back per row id.
 */
export function pasteBlock(
  rows: AssetRow[],
  fields: FieldDef[],
  startRow: number,
  startCol: number,
  text: string,
): { rows: AssetRow[]; errors: RowErrors; cells: number } {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
  const next = rows.slice();
  const errors: RowErrors = {};
  let cells = 0;
  lines.forEach((line, r) => {
    const rowIdx = startRow + r;
    const row = next[rowIdx];
    if (!row) return;
    const copy: AssetRow = { ...row };
    line.split("\t").forEach((raw, c) => {
      const field = fields[startCol + c];
      // Factions are chosen from the list, never typed.
      if (!field || field.readOnly || field.kind === "factions") return;
      const { value, error } = parseCell(field, raw);
      copy[field.key] = value;
      cells++;
      if (error) (errors[row.id] ??= {})[field.key] = error;
    });
    next[rowIdx] = copy;
  });
  return { rows: next, errors, cells };
}
