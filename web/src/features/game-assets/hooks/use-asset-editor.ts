import { useState } from "react";
import { ApiRequestError, staleRecord } from "@/lib/api-client";
import type { AssetConfig } from "../asset-config";
import { createAsset, revalidateGameReads, updateAsset } from "../api/save-asset";
import {
  isRowChanged,
  messageToErrors,
  pasteBlock,
  serverErrors,
  toBody,
  toRow,
  validateRow,
  newRow,
  type AssetRow,
  type RowErrors,
} from "../grid-model";

type Rec = Record<string, unknown>;

export type SaveOutcome =
  | { kind: "saved"; count: number }
  | { kind: "blocked" }
  | { kind: "partial"; failed: number; alert?: string }
  | { kind: "nothing" };

/**
 * The editor's local state: the rows as loaded (by id), the rows as edited (new rows first),
 * cell errors and rows someone else saved meanwhile (with their version). `source` is the list
 * as the server answered it; when it changes and nothing is unsaved, the rows follow it.
 */
export function useAssetEditor(config: AssetConfig, source: Rec[] | undefined, context: { factionId: number | null; upgradeLevel: number }) {
  const [base, setBase] = useState<{ source: Rec[] | undefined; config: AssetConfig } | null>(null);
  const [rows, setRows] = useState<AssetRow[]>([]);
  const [loaded, setLoaded] = useState<ReadonlyMap<number, AssetRow>>(new Map());
  const [errors, setErrors] = useState<RowErrors>({});
  const [conflicts, setConflicts] = useState<ReadonlyMap<number, AssetRow>>(new Map());
  const [nextId, setNextId] = useState(-1);

  const changedCount = rows.filter((r) => isRowChanged(config, r, loaded.get(r.id))).length;
  const dirty = changedCount > 0;

  function reset(list: Rec[] | undefined) {
    const fresh = (list ?? []).map((r) => toRow(config, r));
    setRows(fresh);
    setLoaded(new Map(fresh.map((r) => [r.id, r])));
    setErrors({});
    setConflicts(new Map());
  }

  // Adopt a new answer from the server (first load, reload after Save, another type) unless edits are pending.
  if (!base || base.config !== config || (base.source !== source && !dirty)) {
    setBase({ source, config });
    reset(source);
  }

  const setCellError = (id: number, field: string, error: string | undefined) =>
    setErrors((prev) => {
      const row = { ...prev[id] };
      if (error) row[field] = error;
      else delete row[field];
      return { ...prev, [id]: row };
    });

  return {
    rows,
    loaded,
    errors,
    conflicts,
    changedCount,
    dirty,
    commitCell(row: AssetRow, field: string, error: string | undefined) {
      setRows((prev) => prev.map((r) => (r.id === row.id ? row : r)));
      setCellError(row.id, field, error);
    },
    paste(rowIdx: number, fieldIdx: number, text: string) {
      const result = pasteBlock(rows, config.fields, rowIdx, fieldIdx, text);
      setRows(result.rows);
      setErrors((prev) => {
        const next = { ...prev };
        // Cells the paste wrote lose their old error; the new errors replace them.
        result.rows.forEach((r, i) => {
          if (r !== rows[i]) {
            const cleared = { ...next[r.id] };
            for (const f of config.fields) if (r[f.key] !== rows[i]?.[f.key]) delete cleared[f.key];
            next[r.id] = { ...cleared, ...result.errors[r.id] };
          }
        });
        return next;
      });
      return result.cells;
    },
    addRow() {
      setRows((prev) => [newRow(config, nextId, context), ...prev]);
      setNextId((n) => n - 1);
    },
    discard(id: number) {
      setRows((prev) => prev.filter((r) => r.id !== id));
      setErrors((prev) => ({ ...prev, [id]: {} }));
    },
    revert() {
      reset(source);
    },
    removeRow(id: number) {
      setRows((prev) => prev.filter((r) => r.id !== id));
    },
    /** A record the server answered (after a restore): it becomes both the loaded and the shown row. */
    adopt(record: Rec) {
      const row = toRow(config, record);
      setRows((prev) => prev.map((r) => (r.id === row.id ? row : r)));
      setLoaded((prev) => new Map(prev).set(row.id, row));
      setConflicts((prev) => {
        const next = new Map(prev);
        next.delete(row.id);
        return next;
      });
    },
    markConflict(record: Rec) {
      const theirs = toRow(config, record);
      setConflicts((prev) => new Map(prev).set(theirs.id, theirs));
    },
    /** Take theirs: the row becomes the stored one. Keep mine: the edit stays and will overwrite it on the next Save. */
    resolveConflict(id: number, choice: "theirs" | "mine") {
      const theirs = conflicts.get(id);
      if (!theirs) return;
      setLoaded((prev) => new Map(prev).set(id, theirs));
      if (choice === "theirs") {
        setRows((prev) => prev.map((r) => (r.id === id ? theirs : r)));
        setErrors((prev) => ({ ...prev, [id]: {} }));
      } else {
        setRows((prev) => prev.map((r) => (r.id === id ? { ...r, updatedAt: theirs.updatedAt } : r)));
      }
      setConflicts((prev) => {
        const next = new Map(prev);
        next.delete(id);
        return next;
      });
    },
    /**
     * Save: new rows are checked first (any error blocks the whole save), then created; rows
     * that differ from the loaded copy are updated with the version they were based on. Rows
     * whose cells hold an invalid value are not sent. Failed rows stay, marked with their error.
     */
    async save(): Promise<SaveOutcome> {
      const pending = rows.filter((r) => isRowChanged(config, r, loaded.get(r.id)));
      if (!pending.length) return { kind: "nothing" };
      const checked: RowErrors = {};
      for (const r of pending) {
        const e = validateRow(config, r);
        if (Object.keys(e).length) checked[r.id] = e;
      }
      if (pending.some((r) => r.isNew && checked[r.id])) {
        setErrors((prev) => ({ ...prev, ...checked }));
        return { kind: "blocked" };
      }
      const nextErrors: RowErrors = { ...checked };
      const created: AssetRow[] = [];
      const updated = new Map<number, AssetRow>();
      const done = new Set<number>();
      let alert: string | undefined;
      for (const r of pending) {
        if (checked[r.id]) continue;
        try {
          const body = toBody(config, r, loaded.get(r.id));
          const record = r.isNew ? await createAsset(config, body) : await updateAsset(config, r.id, body);
          const fresh = toRow(config, record);
          if (r.isNew) created.push(fresh);
          else updated.set(r.id, fresh);
          done.add(r.id);
          nextErrors[r.id] = {};
        } catch (err) {
          const theirs = staleRecord<Rec>(err);
          if (theirs) {
            setConflicts((prev) => new Map(prev).set(r.id, toRow(config, theirs)));
            nextErrors[r.id] = {};
          } else if (!(err instanceof ApiRequestError)) {
            alert = "Failed to save changes. Please try again.";
          } else if (err.status === 400 && err.errors) {
            nextErrors[r.id] = serverErrors(config, err.errors);
          } else if (err.status === 400) {
            const mapped = messageToErrors(err.message);
            if (mapped) nextErrors[r.id] = mapped;
            else alert = `Validation failed: ${err.message}`;
          } else if (err.status === 409 && err.errors) {
            nextErrors[r.id] = serverErrors(config, err.errors);
          } else {
            // The server's reason when it gave one (the spec's words for a new row's failure).
            alert = r.isNew || err.message ? `Failed to save: ${err.message || "Unknown error"}` : "Failed to save changes. Please try again.";
          }
        }
      }
      setRows((prev) => [...prev.filter((r) => !(r.isNew && done.has(r.id))).map((r) => updated.get(r.id) ?? r), ...created]);
      setLoaded((prev) => {
        const next = new Map(prev);
        for (const r of [...updated.values(), ...created]) next.set(r.id, r);
        return next;
      });
      setErrors(nextErrors);
      void revalidateGameReads();
      const failed = pending.length - done.size;
      return failed ? { kind: "partial", failed, alert } : { kind: "saved", count: done.size };
    },
  };
}
