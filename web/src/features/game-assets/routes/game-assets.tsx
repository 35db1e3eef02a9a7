import { lazy, Suspense, useMemo, useState } from "react";
import { UPGRADE_LEVEL_LABELS, UPGRADE_LEVELS } from "@shared/game";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConflictPrompt, conflictFields } from "@/components/ui/conflict-prompt";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { serverReason, staleRecord } from "@/lib/api-client";
import { useLeaveGuard } from "@/lib/leave-guard";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useToast } from "@/lib/toast";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import { ASSET_CONFIGS, ASSET_TYPES, type AssetType } from "../asset-config";
import { useAssetList, useFactionChoices } from "../api/get-asset-list";
import { restoreChange } from "../api/get-history";
import { deleteAsset, revalidateGameReads } from "../api/save-asset";
import { HistoryPanel } from "../components/history-panel";
import { ModeratorGuard } from "../components/moderator-guard";
import type { AssetRow } from "../grid-model";
import { useAssetEditor } from "../hooks/use-asset-editor";

/** The grid (react-data-grid) loads with this page only. */
const AssetGrid = lazy(() => import("../components/asset-grid"));

/** /admin/game-assets: moderators and admins; everyone else signed in sees the spec's denial. */
export function Component() {
  return (
    <ModeratorGuard title="Manage Game Assets">
      <GameAssetsEditor />
    </ModeratorGuard>
  );
}

const isAssetType = (v: string | null): v is AssetType => ASSET_TYPES.includes(v as AssetType);

function GameAssetsEditor() {
  const [params, setParams] = useSearchParamsState();
  const type: AssetType = isAssetType(params.get("type")) ? (params.get("type") as AssetType) : "units";
  const config = ASSET_CONFIGS[type];
  const factions = useFactionChoices();
  const wanted = Number(params.get("faction"));
  const factionId = factions.data?.some((f) => f.id === wanted) ? wanted : (factions.data?.[0]?.id ?? null);
  const levelParam = Number(params.get("level"));
  const upgradeLevel = UPGRADE_LEVELS.includes(levelParam as 0 | 1 | 2) ? levelParam : 0;
  const needsFaction = type === "units" || type === "heroes";

  const list = useAssetList({ type, factionId: needsFaction ? factionId : null, upgradeLevel });
  const editor = useAssetEditor(config, list.data, { factionId, upgradeLevel });
  useLeaveGuard(editor.changedCount > 0);
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [pendingView, setPendingView] = useState<Record<string, string> | null>(null);
  const [historyRow, setHistoryRow] = useState<AssetRow | null>(null);
  const [deleteRow, setDeleteRow] = useState<AssetRow | null>(null);
  const [showInstructions, setShowInstructions] = useState(false);
  /** Why the last delete or save failed, as the server said it: shown above the grid until dismissed. */
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const conflictIds = useMemo(() => new Set(editor.conflicts.keys()), [editor.conflicts]);
  /** The row whose conflict the prompt shows: the one chosen in the grid, else the first. */
  const [reviewId, setReviewId] = useState<number | null>(null);
  const conflictId = reviewId !== null && editor.conflicts.has(reviewId) ? reviewId : (editor.conflicts.keys().next().value ?? null);
  const theirs = conflictId === null ? undefined : editor.conflicts.get(conflictId);
  const mine = editor.rows.find((r) => r.id === conflictId);

  /** Changing type, faction or level reloads; with unsaved changes it asks first. */
  function changeView(next: Record<string, string>) {
    if (editor.dirty) setPendingView(next);
    else applyView(next);
  }
  function applyView(next: Record<string, string>) {
    setParams(
      (current) => {
        for (const [k, v] of Object.entries(next)) current.set(k, v);
        return current;
      },
      { replace: true },
    );
    setPendingView(null);
    editor.revert();
  }

  async function save() {
    setSaving(true);
    setFailure(null);
    try {
      const outcome = await editor.save();
      if (outcome.kind === "blocked") toast.error("Fix the marked cells before saving.");
      else if (outcome.kind === "saved") toast.success(`Saved ${outcome.count} ${outcome.count === 1 ? "row" : "rows"}.`);
      else if (outcome.kind === "partial") {
        const rows = `${outcome.failed} ${outcome.failed === 1 ? "row was" : "rows were"} not saved.`;
        // A reason that belongs to no cell is shown in the page, as the server gave it.
        if (outcome.alert) setFailure({ title: rows, message: outcome.alert });
        else toast.error(`${rows} See the marked rows.`);
      }
    } catch {
      setFailure({ title: "Nothing was saved.", message: "Failed to save changes. Please try again." });
    } finally {
      setSaving(false);
    }
  }

  async function restore(changeId: number) {
    const row = historyRow;
    try {
      const result = await restoreChange(changeId, row ? editor.loaded.get(row.id)?.updatedAt : undefined);
      if (row && result.record && typeof result.record === "object") editor.adopt(result.record as Record<string, unknown>);
      toast.success(result.changed ? "Change restored." : "Nothing to restore: the row already has these values.");
      void revalidateGameReads();
    } catch (err) {
      const theirs = staleRecord<Record<string, unknown>>(err);
      if (theirs) {
        editor.markConflict(theirs);
        toast.error("This row was changed elsewhere. Take theirs or keep yours, then restore again.");
      } else {
        toast.error(serverReason(err, "Failed to restore the change."));
      }
    }
  }

  async function confirmDelete() {
    const row = deleteRow;
    setDeleteRow(null);
    if (!row) return;
    setFailure(null);
    const name = String(row.name ?? "").trim() || `#${row.id}`;
    try {
      await deleteAsset(config, row.id);
      editor.removeRow(row.id);
      toast.success(`Deleted “${name}”.`);
      void revalidateGameReads();
    } catch (err) {
      // The server's reason (a faction that still has units, say) in the page, not only the log.
      console.error("Delete failed", err);
      const message = serverReason(err, "Failed to delete. Please try again.");
      setFailure({ title: `“${name}” was not deleted.`, message });
    }
  }

  const selectClass = "h-10 rounded-lg border border-line bg-surface px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand-600";

  return (
    <div className="mx-auto max-w-[96rem] px-4 py-8">
      <PageHead meta={noindexMeta("Manage Game Assets", "Edit factions, units, heroes and spells.")} />
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Manage Game Assets</h1>

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-ink-muted">Asset type</legend>
          <div className="flex flex-wrap gap-1" role="group" aria-label="Asset type">
            {ASSET_TYPES.map((t) => (
              <Button key={t} size="sm" variant={t === type ? "primary" : "secondary"} aria-pressed={t === type} onClick={() => t !== type && changeView({ type: t })}>
                {ASSET_CONFIGS[t].label}
              </Button>
            ))}
          </div>
        </fieldset>
        {needsFaction ? (
          <label className="flex flex-col text-sm font-medium text-ink-muted">
            Faction
            <select className={`${selectClass} mt-1`} value={factionId ?? ""} onChange={(e) => changeView({ faction: e.target.value })}>
              {factions.data?.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {type === "units" ? (
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-ink-muted">Unit level</legend>
            <div className="flex gap-1" role="group" aria-label="Unit level">
              {UPGRADE_LEVELS.map((l) => (
                <Button key={l} size="sm" variant={l === upgradeLevel ? "primary" : "secondary"} aria-pressed={l === upgradeLevel} onClick={() => l !== upgradeLevel && changeView({ level: String(l) })}>
                  {UPGRADE_LEVEL_LABELS[l]}
                </Button>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Button className="ml-auto" onClick={editor.addRow} disabled={needsFaction && factionId === null}>
          Create New
        </Button>
      </div>

      <section className="mt-4 rounded-lg border border-line bg-surface">
        <button
          type="button"
          className="flex w-full items-center justify-between px-4 py-2 text-left text-sm font-semibold text-ink"
          aria-expanded={showInstructions}
          aria-controls="asset-instructions"
          onClick={() => setShowInstructions((v) => !v)}
        >
          Instructions <span aria-hidden="true">{showInstructions ? "▲" : "▼"}</span>
        </button>
        {showInstructions ? (
          <ul id="asset-instructions" className="list-disc space-y-1 px-8 pb-3 text-sm text-ink-muted">
            <li>Click a cell (or press Enter on it) to edit. Enter or leaving the cell keeps the change; Escape cancels it.</li>
            <li>Tab keeps the change and moves to the next cell; from the last cell it goes on to the next row. Shift+Tab goes back.</li>
            <li>In long text cells Shift+Enter adds a line. Arrow keys move between cells.</li>
            <li>Paste a block copied from a spreadsheet on a cell to fill the cells from there.</li>
            <li>Changed cells are marked until you save. New rows appear at the top and are created on Save; × discards one.</li>
            <li>JSON cells take JSON text, e.g. ["Flying", "Dive"]. History shows every change of a row and can restore one.</li>
          </ul>
        ) : null}
      </section>

      {editor.dirty ? (
        <div role="status" className="sticky top-0 z-20 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 dark:border-amber-700 dark:bg-amber-950">
          <p className="text-sm font-medium text-amber-900 dark:text-amber-100">
            You have unsaved changes ({editor.changedCount} {editor.changedCount === 1 ? "row" : "rows"}).
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={editor.revert} disabled={saving}>
              Revert Changes
            </Button>
            <Button size="sm" onClick={() => void save()} disabled={saving}>
              {saving ? "Saving…" : "Save Changes"}
            </Button>
          </div>
        </div>
      ) : null}

      {failure ? (
        <div className="mt-4">
          <Alert tone="error" title={failure.title}>
            <p>{failure.message}</p>
            <Button size="sm" variant="secondary" className="mt-3" onClick={() => setFailure(null)}>
              Dismiss
            </Button>
          </Alert>
        </div>
      ) : null}

      {theirs && mine ? (
        <ConflictPrompt
          key={theirs.id}
          className="mt-4"
          subject={`“${String(theirs.name ?? mine.name ?? theirs.id)}”${editor.conflicts.size > 1 ? ` (1 of ${editor.conflicts.size} rows changed elsewhere)` : ""}`}
          fields={conflictFields(config.fields, mine, theirs)}
          onTakeTheirs={() => editor.resolveConflict(theirs.id, "theirs")}
          onKeepMine={() => editor.resolveConflict(theirs.id, "mine")}
          keepMineHint="Take theirs puts their values in the row. Keep mine keeps your edits: Save Changes then saves them over theirs."
        />
      ) : null}

      <div className="mt-4">
        {list.isLoading || (needsFaction && factions.isLoading) ? (
          <div aria-busy="true" aria-label="Loading rows" className="space-y-2">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : (
          <>
            {list.error ? (
              <Alert tone="error" title="Could not load the rows" className="mb-3">
                The list is empty until it loads. Please try again in a moment.
              </Alert>
            ) : null}
            <Suspense fallback={<Skeleton className="h-80" />}>
              <AssetGrid
                config={config}
                rows={editor.rows}
                loaded={editor.loaded}
                errors={editor.errors}
                conflicts={conflictIds}
                onCellCommit={editor.commitCell}
                onPasteBlock={(r, f, text) => editor.paste(r, f, text)}
                onDiscard={editor.discard}
                onHistory={setHistoryRow}
                onDelete={setDeleteRow}
                onReviewConflict={setReviewId}
                factions={factions.data ?? []}
              />
            </Suspense>
          </>
        )}
      </div>

      <HistoryPanel
        entity={config.entity}
        id={historyRow?.id ?? null}
        title={String(historyRow?.name ?? "")}
        open={historyRow !== null}
        onClose={() => setHistoryRow(null)}
        onRestore={restore}
      />
      <ConfirmDialog
        open={deleteRow !== null}
        title="Delete asset"
        message="Are you sure you want to delete this asset?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleteRow(null)}
      />
      <ConfirmDialog
        open={pendingView !== null}
        title="Unsaved changes"
        message="You have unsaved changes. Discard them and load other rows?"
        confirmLabel="Discard changes"
        onConfirm={() => pendingView && applyView(pendingView)}
        onCancel={() => setPendingView(null)}
      />
    </div>
  );
}
