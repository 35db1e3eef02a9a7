import { useMemo, useRef, useState } from "react";
import {
  DataGrid,
  type CellKeyDownArgs,
  type CellKeyboardEvent,
  type Column,
  type DataGridHandle,
  type RenderEditCellProps,
} from "react-data-grid";
import "react-data-grid/lib/styles.css";
import "./asset-grid.css";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { TAB_WRAP_DELAY_MS, type AssetConfig, type FieldDef } from "../asset-config";
import { displayValue, factionSet, isCellChanged, parseCell, type AssetRow, type FactionNames, type RowErrors } from "../grid-model";

export type AssetGridProps = {
  config: AssetConfig;
  rows: AssetRow[];
  loaded: ReadonlyMap<number, AssetRow>;
  errors: RowErrors;
  /** Rows someone else saved meanwhile (their version), by row id. */
  conflicts: ReadonlySet<number>;
  /** A committed cell: the row with the parsed value, and the cell's error if the value is not valid. */
  onCellCommit(row: AssetRow, field: string, error: string | undefined): void;
  /** Tab-separated text pasted on a cell (row index, field index). */
  onPasteBlock(rowIdx: number, fieldIdx: number, text: string): void;
  onDiscard(id: number): void;
  onHistory(row: AssetRow): void;
  onDelete(row: AssetRow): void;
  /** Shows the conflict prompt (their values, take theirs / keep mine) of a row changed elsewhere. */
  onReviewConflict(id: number): void;
  /** Every faction (inactive ones too), for the cells that name or choose factions. */
  factions: readonly { id: number; name: string }[];
};

/** Columns before the record's fields: actions and the id. */
const LEAD_COLUMNS = 2;

/**
 * The factions of a row (a spell's "taught by"), chosen with checkboxes in a dialog: Done keeps
 * the choice in the row (saved with Save Changes), Cancel or Escape leaves it as it was.
 */
function FactionsEditor({
  row,
  column,
  onRowChange,
  onClose,
  field,
  factions,
}: RenderEditCellProps<AssetRow> & { field: FieldDef; factions: readonly { id: number; name: string }[] }) {
  const [chosen, setChosen] = useState(() => new Set(factionSet(row[column.key])));
  const subject = String(row.name ?? "").trim() || "the new row";
  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Dialog
      open
      onClose={() => onClose(false, true)}
      title={`${field.label}: ${subject}`}
      description="The factions whose mage guild teaches this spell."
      size="sm"
      footer={
        <DialogActions>
          <Button variant="secondary" onClick={() => onClose(false, true)}>
            Cancel
          </Button>
          <Button onClick={() => onRowChange({ ...row, [column.key]: factionSet([...chosen]) }, true)}>Done</Button>
        </DialogActions>
      }
    >
      {factions.length === 0 ? (
        <p className="text-ink-muted">There are no factions yet.</p>
      ) : (
        <fieldset>
          <legend className="sr-only">{field.label}</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {factions.map((f) => (
              <li key={f.id}>
                <label className="flex min-h-10 items-center gap-2 rounded-lg border border-line px-3 text-sm text-ink has-checked:border-brand-600">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={chosen.has(f.id)}
                    onChange={(e) => toggle(f.id, e.target.checked)}
                  />
                  {f.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </Dialog>
  );
}

function CellEditor({ row, column, onRowChange, onClose, field }: RenderEditCellProps<AssetRow> & { field: FieldDef }) {
  const value = row[column.key];
  const common = {
    autoFocus: true,
    "aria-label": field.label,
    className: "h-full w-full bg-surface px-2 text-sm text-ink outline-2 outline-brand-600",
    onBlur: () => onClose(true, false),
  };
  if (field.kind === "bool" || field.kind === "enum") {
    const options = field.kind === "bool" ? ["Yes", "No"] : (field.options ?? []);
    const current = field.kind === "bool" ? (value ? "Yes" : "No") : String(value ?? "");
    return (
      <select
        {...common}
        value={current}
        onChange={(e) => onRowChange({ ...row, [column.key]: field.kind === "bool" ? e.target.value === "Yes" : e.target.value })}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === "text" || field.kind === "json") {
    return (
      <textarea
        {...common}
        className={`${common.className} absolute inset-x-0 top-0 z-10 min-h-28 resize-none border border-brand-600 py-1 shadow-lg`}
        value={String(value ?? "")}
        onChange={(e) => onRowChange({ ...row, [column.key]: e.target.value })}
        onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
      />
    );
  }
  return (
    <input
      {...common}
      inputMode={field.kind === "int" ? "numeric" : undefined}
      value={String(value ?? "")}
      onChange={(e) => onRowChange({ ...row, [column.key]: e.target.value })}
    />
  );
}

const smallButton =
  "rounded px-1.5 py-0.5 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 hover:bg-surface-muted";

/**
 * The spreadsheet of the game-assets editor (react-data-grid, loaded with this page only).
 * Click or Enter edits a cell; Enter or leaving the cell commits to the local rows, Escape
 * cancels, Shift+Enter adds a line in text cells; Tab commits and moves to the next cell, and
 * from the last cell to the first cell of the next row after a short delay. Arrow keys move
 * between cells. A block of tab-separated cells pasted on a cell fills the cells from there.
 */
export default function AssetGrid(props: AssetGridProps) {
  const { config, rows, loaded, errors, conflicts, onReviewConflict, onDiscard, onHistory, onDelete, factions } = props;
  const grid = useRef<DataGridHandle>(null);
  const factionNames: FactionNames = useMemo(() => new Map(factions.map((f) => [f.id, f.name])), [factions]);

  const columns = useMemo((): Column<AssetRow>[] => {
    const actions: Column<AssetRow> = {
      key: "__actions",
      name: "",
      // Frozen on the left: narrow enough to leave a phone most of its width for the cells.
      width: 150,
      frozen: true,
      renderCell: ({ row }) => {
        if (conflicts.has(row.id)) {
          return (
            <button
              type="button"
              className={`${smallButton} text-red-700 dark:text-red-400`}
              title="Someone else saved this row after you loaded it."
              aria-label={`${String(row.name ?? row.id)} was changed elsewhere: review`}
              onClick={() => onReviewConflict(row.id)}
            >
              Review change
            </button>
          );
        }
        if (row.isNew) {
          return (
            <span className="flex items-center gap-2">
              <span className="rounded bg-brand-100 px-1.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">New</span>
              <button type="button" className={`${smallButton} text-base leading-none`} aria-label="Discard new row" title="Discard new row" onClick={() => onDiscard(row.id)}>
                ×
              </button>
            </span>
          );
        }
        return (
          <span className="flex items-center gap-1">
            <button type="button" className={smallButton} onClick={() => onHistory(row)} aria-label={`History of ${String(row.name ?? row.id)}`}>
              History
            </button>
            <button type="button" className={`${smallButton} text-red-700 dark:text-red-400`} onClick={() => onDelete(row)} aria-label={`Delete ${String(row.name ?? row.id)}`}>
              Delete
            </button>
          </span>
        );
      },
    };
    const idColumn: Column<AssetRow> = {
      key: "id",
      name: "ID",
      width: 64,
      frozen: true,
      renderCell: ({ row }) => <span className="text-ink-muted">{row.isNew ? "new" : row.id}</span>,
    };
    const fieldColumns = config.fields.map(
      (field): Column<AssetRow> => ({
        key: field.key,
        name: field.label,
        width: field.width,
        resizable: true,
        editable: !field.readOnly,
        cellClass: (row) => {
          if (errors[row.id]?.[field.key]) return "asset-cell asset-cell-error";
          return !row.isNew && isCellChanged(row, loaded.get(row.id), field.key) ? "asset-cell asset-cell-changed" : "asset-cell";
        },
        renderCell: ({ row }) => {
          const error = errors[row.id]?.[field.key];
          const shown = displayValue(field, row[field.key], factionNames);
          const full = field.kind === "bool" ? "" : field.kind === "factions" ? shown : String(row[field.key] ?? "");
          return (
            <span title={error ?? (full.length > 20 ? full : undefined)} aria-invalid={error ? true : undefined} className="block min-h-5 truncate">
              {shown}
              {error ? <span className="sr-only"> ({error})</span> : null}
            </span>
          );
        },
        renderEditCell: (p) => (field.kind === "factions" ? <FactionsEditor {...p} field={field} factions={factions} /> : <CellEditor {...p} field={field} />),
        editorOptions: { closeOnExternalRowChange: false },
      }),
    );
    return [actions, idColumn, ...fieldColumns];
    // Errors, the loaded copy and conflicts are part of the cells' look: new columns re-render them.
  }, [config, errors, loaded, conflicts, onReviewConflict, onDiscard, onHistory, onDelete, factions, factionNames]);

  const lastIdx = columns.length - 1;

  function move(rowIdx: number, idx: number, back: boolean, openEditor: boolean) {
    const g = grid.current;
    if (!g) return;
    const options = { enableEditor: openEditor, shouldFocus: true };
    if (!back && idx >= lastIdx) {
      // Wrap to the next row's first field, after the delay the spec asks for.
      if (rowIdx + 1 >= rows.length) return;
      setTimeout(() => grid.current?.setActivePosition({ idx: LEAD_COLUMNS, rowIdx: rowIdx + 1 }, options), TAB_WRAP_DELAY_MS);
      return;
    }
    if (back && idx <= LEAD_COLUMNS) {
      if (rowIdx === 0) return;
      setTimeout(() => grid.current?.setActivePosition({ idx: lastIdx, rowIdx: rowIdx - 1 }, options), TAB_WRAP_DELAY_MS);
      return;
    }
    // After the commit has reached the rows (the editor of the next cell must start from them).
    setTimeout(() => grid.current?.setActivePosition({ idx: idx + (back ? -1 : 1), rowIdx }, options), 0);
  }

  function onCellKeyDown(args: CellKeyDownArgs<AssetRow>, event: CellKeyboardEvent) {
    const column = args.column;
    if (!column) return;
    const field = config.fields.find((f) => f.key === column.key);
    // The factions dialog handles its own keys (Tab, Enter, Escape stay inside it).
    if (args.mode === "EDIT" && field?.kind === "factions") {
      event.preventGridDefault();
      return;
    }
    if (args.mode === "EDIT") {
      if (event.key === "Enter" && event.shiftKey && (field?.kind === "text" || field?.kind === "json")) {
        // A new line in the text; the editor stays open.
        event.preventGridDefault();
        return;
      }
      if (event.key === "Enter") event.preventDefault();
      if (event.key === "Tab") {
        event.preventGridDefault();
        event.preventDefault();
        args.onClose(true, false);
        move(args.rowIdx, column.idx, event.shiftKey, true);
      }
      return;
    }
    if (event.key === "Tab" && column.idx >= LEAD_COLUMNS) {
      event.preventGridDefault();
      event.preventDefault();
      move(args.rowIdx, column.idx, event.shiftKey, false);
    }
  }

  return (
    <DataGrid
      ref={grid}
      aria-label={`${config.label} table`}
      className="h-[65vh] min-h-80 rounded-lg border border-line text-sm"
      columns={columns}
      rows={rows}
      rowKeyGetter={(row) => row.id}
      rowHeight={36}
      rowClass={(row) => (conflicts.has(row.id) ? "asset-row-conflict" : row.isNew ? "asset-row-new" : undefined)}
      onRowsChange={(next, { indexes, column }) => {
        const field = config.fields.find((f) => f.key === column.key);
        for (const i of indexes) {
          const row = next[i];
          if (!row || !field) continue;
          const { value, error } = parseCell(field, row[field.key]);
          props.onCellCommit({ ...row, [field.key]: value }, field.key, error);
        }
      }}
      onCellClick={(args, event) => {
        if (args.column.key === "__actions" || args.column.key === "id") return;
        event.preventGridDefault();
        args.setActivePosition(true);
      }}
      onCellKeyDown={onCellKeyDown}
      onCellPaste={({ row, column }, event) => {
        const text = event.clipboardData.getData("text/plain");
        const fieldIdx = config.fields.findIndex((f) => f.key === column.key);
        const rowIdx = rows.findIndex((r) => r.id === row.id);
        if (fieldIdx >= 0 && rowIdx >= 0) {
          event.preventDefault();
          props.onPasteBlock(rowIdx, fieldIdx, text);
        }
        return row;
      }}
      renderers={{ noRowsFallback: <div className="p-6 text-center text-ink-muted" style={{ gridColumn: "1/-1" }}>No rows yet. Use Create New to add one.</div> }}
    />
  );
}
