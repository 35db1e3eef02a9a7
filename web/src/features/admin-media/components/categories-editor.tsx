import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ConflictPrompt, conflictFields } from "@/components/ui/conflict-prompt";
import { ApiRequestError, serverReason, staleRecord } from "@/lib/api-client";
import { useLeaveGuard } from "@/lib/leave-guard";
import { formatShortDate } from "@/lib/format-date";
import { useToast } from "@/lib/toast";
import {
  CATEGORY_LIMITS,
  DEFAULT_CATEGORY_COLOR,
  mediaCategoryInputSchema,
  slugify,
  type MediaCategory,
  type MediaCategoryFormValues,
} from "@schemas/media";
import { createMediaCategory, deleteMediaCategory, updateMediaCategory } from "../api/categories";

/** A row of the editor: a saved category, or a new one with a negative id until it is saved. */
type Row = MediaCategoryFormValues & { id: number; isNew: boolean; createdAt: string | null; updatedAt: string | null };
type RowErrors = Record<number, Record<string, string>>;

const toRow = (c: MediaCategory): Row => ({
  id: c.id,
  isNew: false,
  name: c.name,
  description: c.description,
  slug: c.slug,
  color: c.color,
  iconUrl: c.iconUrl ?? "",
  sortOrder: c.sortOrder,
  isActive: c.isActive,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

const toInput = (r: Row): MediaCategoryFormValues => ({
  name: r.name,
  description: r.description,
  slug: r.slug,
  color: r.color,
  iconUrl: r.iconUrl,
  sortOrder: r.sortOrder,
  isActive: r.isActive,
});

const same = (a: Row, b: Row) => JSON.stringify(toInput(a)) === JSON.stringify(toInput(b));

/** A category's fields as the conflict prompt lists them, in the table's order. */
const CATEGORY_FIELDS = [
  { key: "name", label: "name" },
  { key: "description", label: "description" },
  { key: "slug", label: "slug" },
  { key: "color", label: "color" },
  { key: "iconUrl", label: "iconUrl" },
  { key: "sortOrder", label: "sortOrder" },
  { key: "isActive", label: "isActive" },
] as const satisfies readonly { key: keyof MediaCategoryFormValues; label: string }[];

const cell = "w-full min-w-0 rounded-md border border-line bg-surface px-2 py-1.5 text-sm text-ink focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 focus:outline-none aria-[invalid=true]:border-red-600";

/**
 * The categories editor: edits stay local (with an unsaved flag) until Save, which
 * creates the new rows and updates the changed ones (each based on the version it was loaded
 * with), then reloads; Revert restores the loaded data. A row someone else saved in between
 * (409) shows the conflict prompt: take theirs or keep mine. Limits are input attributes here
 * and enforced by the server.
 */
export function CategoriesEditor({ loaded, onSaved }: { loaded: MediaCategory[]; onSaved(): Promise<unknown> }) {
  const toast = useToast();
  const [baseline, setBaseline] = useState<Row[]>(() => loaded.map(toRow));
  const [rows, setRows] = useState<Row[]>(() => loaded.map(toRow));
  const [errors, setErrors] = useState<RowErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [nextTempId, setNextTempId] = useState(-1);
  /** Stored categories someone else saved after they were loaded here (409), by id. */
  const [conflicts, setConflicts] = useState<ReadonlyMap<number, MediaCategory>>(new Map());
  const [resolving, setResolving] = useState(false);

  const dirty = useMemo(() => {
    if (rows.some((r) => r.isNew)) return true;
    const byId = new Map(baseline.map((b) => [b.id, b]));
    return rows.length !== baseline.length || rows.some((r) => !byId.has(r.id) || !same(r, byId.get(r.id)!));
  }, [rows, baseline]);
  useLeaveGuard(dirty);

  const update = (id: number, patch: Partial<Row>) => setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  function addRow() {
    const taken = new Set(rows.map((r) => r.slug));
    let slug = slugify("New Category");
    for (let n = 2; taken.has(slug); n++) slug = `${slugify("New Category")}-${n}`;
    const maxSort = rows.reduce((m, r) => Math.max(m, Number(r.sortOrder) || 0), 0);
    const row: Row = {
      id: nextTempId,
      isNew: true,
      name: "New Category",
      description: "",
      slug,
      color: DEFAULT_CATEGORY_COLOR,
      iconUrl: "",
      sortOrder: Math.min(CATEGORY_LIMITS.sortOrderMax, maxSort + 1),
      isActive: true,
      createdAt: null,
      updatedAt: null,
    };
    setNextTempId((n) => n - 1);
    setRows((list) => [row, ...list]);
  }

  function revert() {
    setRows(baseline);
    setErrors({});
    setConflicts(new Map());
  }

  /** Keeps what did save: the row and its loaded copy become the stored category. */
  function settle(tempId: number, saved: MediaCategory) {
    const row = toRow(saved);
    setRows((list) => list.map((r) => (r.id === tempId ? row : r)));
    setBaseline((list) => (list.some((b) => b.id === tempId) ? list.map((b) => (b.id === tempId ? row : b)) : [...list, row]));
  }

  const dropConflict = (id: number) =>
    setConflicts((prev) => {
      const next = new Map(prev);
      next.delete(id);
      return next;
    });

  /** Take theirs: the row becomes the stored category. */
  function takeTheirs(theirs: MediaCategory) {
    settle(theirs.id, theirs);
    dropConflict(theirs.id);
  }

  /** Keep mine: the row is saved again, based on their version. */
  async function keepMine(row: Row, theirs: MediaCategory) {
    setResolving(true);
    dropConflict(row.id);
    try {
      settle(row.id, await updateMediaCategory(row.id, toInput(row), theirs.updatedAt));
      toast.success(`Saved "${row.name}".`);
    } catch (err) {
      const again = staleRecord<MediaCategory>(err);
      if (again) setConflicts((prev) => new Map(prev).set(row.id, again));
      else toast.error(`Failed to save "${row.name}": ${serverReason(err, "Unknown error")}`);
    } finally {
      setResolving(false);
    }
  }

  async function save() {
    const byId = new Map(baseline.map((b) => [b.id, b]));
    const pending = rows.filter((r) => r.isNew || !byId.has(r.id) || !same(r, byId.get(r.id)!));
    const found: RowErrors = {};
    for (const row of pending) {
      const parsed = mediaCategoryInputSchema.safeParse(toInput(row));
      if (!parsed.success) found[row.id] = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    }
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error("Some categories have invalid values. Fix the highlighted cells and save again.");
      return;
    }
    setSaving(true);
    let failed = 0;
    const serverErrors: RowErrors = {};
    const savedRows = new Map<number, Row>();
    for (const row of pending) {
      try {
        const saved = row.isNew
          ? await createMediaCategory(toInput(row))
          : await updateMediaCategory(row.id, toInput(row), byId.get(row.id)?.updatedAt ?? row.updatedAt ?? "");
        savedRows.set(row.id, toRow(saved));
      } catch (err) {
        failed++;
        const theirs = staleRecord<MediaCategory>(err);
        if (theirs) {
          setConflicts((prev) => new Map(prev).set(row.id, theirs));
          continue;
        }
        console.error("Saving a media category failed.", err);
        const fieldErrors = err instanceof ApiRequestError && err.errors ? err.errors : {};
        serverErrors[row.id] = Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0] ?? ""]));
        toast.error(`Failed to save "${row.name}": ${serverReason(err, "Unknown error")}`);
      }
    }
    setSaving(false);
    if (failed === 0) {
      toast.success("Categories saved.");
      await onSaved();
      return;
    }
    // Keep what did save (so it is not created twice) and the failed rows' edits.
    setRows((list) => list.map((r) => savedRows.get(r.id) ?? r));
    setBaseline((list) => {
      const next = list.map((b) => savedRows.get(b.id) ?? b);
      for (const [tempId, saved] of savedRows) if (tempId < 0) next.push(saved);
      return next;
    });
    setErrors(serverErrors);
  }

  async function confirmDelete(row: Row) {
    if (row.isNew) {
      setRows((list) => list.filter((r) => r.id !== row.id));
      setConfirming(null);
      return;
    }
    setDeleting(true);
    try {
      await deleteMediaCategory(row.id);
      setRows((list) => list.filter((r) => r.id !== row.id));
      setBaseline((list) => list.filter((r) => r.id !== row.id));
      toast.success(`Deleted "${row.name}".`);
      void onSaved();
    } catch (err) {
      console.error("Deleting a media category failed.", err);
      toast.error(serverReason(err, "Failed to delete the category."));
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  }

  /** The first row with a conflict, and their stored category (one prompt at a time). */
  const firstConflict = (() => {
    const row = rows.find((r) => conflicts.has(r.id));
    return row ? { row, theirs: conflicts.get(row.id)! } : null;
  })();

  const errorOf = (row: Row, field: string) => errors[row.id]?.[field];
  const invalid = (row: Row, field: string) => (errorOf(row, field) ? { "aria-invalid": true as const, title: errorOf(row, field) } : {});

  return (
    <section aria-labelledby="categories-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="categories-heading" className="font-display text-2xl font-bold text-ink">
          Media Categories
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {dirty ? (
            <span role="status" className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              Unsaved changes
            </span>
          ) : null}
          <Button variant="secondary" onClick={addRow} disabled={saving}>
            + Add Category
          </Button>
          <Button variant="secondary" onClick={revert} disabled={!dirty || saving}>
            Revert
          </Button>
          <Button onClick={() => void save()} disabled={!dirty || saving}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </div>
      </div>
      {firstConflict ? (
        <ConflictPrompt
          key={firstConflict.row.id}
          subject={`the category "${firstConflict.theirs.name}"`}
          fields={conflictFields(CATEGORY_FIELDS, toInput(firstConflict.row), toInput(toRow(firstConflict.theirs)))}
          onTakeTheirs={() => takeTheirs(firstConflict.theirs)}
          onKeepMine={() => void keepMine(firstConflict.row, firstConflict.theirs)}
          busy={resolving}
          keepMineHint="Take theirs puts their values in the row. Keep mine saves your row over theirs."
        />
      ) : null}
      {/* relative: the header's screen-reader-only label is positioned absolutely; it must stay inside the scroll box. */}
      <div className="relative overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full min-w-[84rem] text-left text-sm">
          <thead className="border-b border-line bg-surface-muted text-xs text-ink-muted">
            <tr>
              <th scope="col" className="px-3 py-2">ID</th>
              <th scope="col" className="px-3 py-2">name *</th>
              <th scope="col" className="px-3 py-2">description</th>
              <th scope="col" className="px-3 py-2">slug *</th>
              <th scope="col" className="px-3 py-2">color *</th>
              <th scope="col" className="px-3 py-2">iconUrl</th>
              <th scope="col" className="px-3 py-2">sortOrder</th>
              <th scope="col" className="px-3 py-2">isActive</th>
              <th scope="col" className="px-3 py-2">createdAt</th>
              <th scope="col" className="px-3 py-2">updatedAt</th>
              <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={11} className="px-3 py-8 text-center text-ink-muted">
                  No categories yet. Add one with + Add Category.
                </td>
              </tr>
            ) : null}
            {rows.map((row) => {
              const label = (field: string) => `${field} of ${row.isNew ? "new category" : `category ${row.id}`}`;
              return (
                <tr key={row.id} data-testid="category-row" className={row.isNew ? "bg-emerald-50/60 dark:bg-emerald-950/30" : undefined}>
                  <td className="px-3 py-2 text-ink-muted tabular-nums">{row.isNew ? "new" : row.id}</td>
                  <td className="px-3 py-2">
                    <input aria-label={label("name")} className={`${cell} min-w-40`} required maxLength={CATEGORY_LIMITS.name} value={row.name} onChange={(e) => update(row.id, { name: e.target.value })} {...invalid(row, "name")} />
                  </td>
                  <td className="px-3 py-2">
                    <input aria-label={label("description")} className={`${cell} min-w-56`} maxLength={CATEGORY_LIMITS.description} value={row.description ?? ""} onChange={(e) => update(row.id, { description: e.target.value })} {...invalid(row, "description")} />
                  </td>
                  <td className="px-3 py-2">
                    <input aria-label={label("slug")} className={`${cell} min-w-36`} required maxLength={CATEGORY_LIMITS.slug} value={row.slug} onChange={(e) => update(row.id, { slug: e.target.value })} {...invalid(row, "slug")} />
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex min-w-36 items-center gap-1.5">
                      <input
                        type="color"
                        aria-label={label("color picker")}
                        className="h-8 w-9 shrink-0 cursor-pointer rounded border border-line bg-surface"
                        value={/^#[0-9a-fA-F]{6}$/.test(row.color) ? row.color : DEFAULT_CATEGORY_COLOR}
                        onChange={(e) => update(row.id, { color: e.target.value.toUpperCase() })}
                      />
                      <input aria-label={label("color")} className={`${cell} flex-1`} required maxLength={7} value={row.color} onChange={(e) => update(row.id, { color: e.target.value })} {...invalid(row, "color")} />
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    <input aria-label={label("iconUrl")} className={`${cell} min-w-40`} maxLength={CATEGORY_LIMITS.iconUrl} value={row.iconUrl ?? ""} onChange={(e) => update(row.id, { iconUrl: e.target.value })} {...invalid(row, "iconUrl")} />
                  </td>
                  <td className="px-3 py-2">
                    <input
                      type="number"
                      aria-label={label("sortOrder")}
                      className={`${cell} w-20`}
                      min={CATEGORY_LIMITS.sortOrderMin}
                      max={CATEGORY_LIMITS.sortOrderMax}
                      step={1}
                      value={row.sortOrder ?? 0}
                      onChange={(e) => update(row.id, { sortOrder: e.target.value === "" ? 0 : Number(e.target.value) })}
                      {...invalid(row, "sortOrder")}
                    />
                  </td>
                  <td className="px-3 py-2 text-center">
                    <input type="checkbox" aria-label={label("isActive")} className="h-4 w-4 accent-brand-700" checked={!!row.isActive} onChange={(e) => update(row.id, { isActive: e.target.checked })} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-ink-muted">{row.createdAt ? formatShortDate(row.createdAt) : "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-ink-muted">{row.updatedAt ? formatShortDate(row.updatedAt) : "—"}</td>
                  <td className="px-3 py-2">
                    <Button size="sm" variant="ghost" aria-label={`Delete ${row.name || "category"}`} onClick={() => setConfirming(row)} disabled={saving}>
                      Delete
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {Object.values(errors).some((e) => Object.keys(e).length) ? (
        <Alert>
          <ul className="list-disc space-y-1 pl-5">
            {rows.flatMap((row) =>
              Object.entries(errors[row.id] ?? {}).map(([field, message]) => (
                <li key={`${row.id}-${field}`}>
                  {row.name || "New category"}: {message}
                </li>
              )),
            )}
          </ul>
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete category"
        message="Are you sure you want to delete this category? This action cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleting}
        onConfirm={() => confirming && void confirmDelete(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
