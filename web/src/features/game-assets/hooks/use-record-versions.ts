import { useState } from "react";
import { serverReason, staleRecord } from "@/lib/api-client";
import { useToast } from "@/lib/toast";
import { restoreChange } from "../api/get-history";

type Versioned = { updatedAt: string };

type Options<R extends Versioned, F, B> = {
  /** What the editor calls the record in messages ("faction", "guide"). */
  noun: string;
  /** The form's values for a stored record. */
  toForm(record: R): F;
  /** The form: loaded again with a record, or validated into a body to save. */
  form: { reset(values: F): void; validate(): B | null };
  /** The version the form is based on (its `updatedAt`), and how to move it. */
  version: string | undefined;
  setVersion(version: string): void;
  /** A stored record was loaded into the form (the editor's heading follows it). */
  onLoaded(record: R): void;
  /** Saves the body as based on `version` (its own errors go through `saveFailed`). */
  save(body: B, version: string): Promise<void>;
  /** Reads to refresh after a restore. */
  revalidate(): Promise<unknown>;
};

/**
 * The versions of one record in its editor: the conflict prompt of a 409 stale_version (take
 * theirs: the form reloads with the stored record; keep mine: saved again over it) and History
 * with Restore, which reloads the form with the restored record.
 */
export function useRecordVersions<R extends Versioned, F, B>(options: Options<R, F, B>) {
  const { noun, toForm, form, onLoaded } = options;
  const toast = useToast();
  /** The stored record someone else saved after this form loaded (409). */
  const [theirs, setTheirs] = useState<R | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  const load = (record: R) => {
    form.reset(toForm(record));
    onLoaded(record);
    setTheirs(null);
  };

  /** True when the error was a 409 stale_version, now shown as the conflict prompt. */
  function showConflict(err: unknown): boolean {
    const stored = staleRecord<R>(err);
    if (!stored) return false;
    setTheirs(stored);
    return true;
  }

  function takeTheirs() {
    if (theirs) load(theirs);
  }

  function keepMine() {
    if (!theirs) return;
    const version = theirs.updatedAt;
    options.setVersion(version);
    setTheirs(null);
    const body = form.validate();
    if (body) void options.save(body, version);
  }

  async function restore(changeId: number) {
    try {
      const result = await restoreChange(changeId, options.version);
      load(result.record as unknown as R);
      setHistoryOpen(false);
      toast.success(result.changed ? "Change restored." : `Nothing to restore: the ${noun} already has these values.`);
      void options.revalidate();
    } catch (err) {
      if (showConflict(err)) setHistoryOpen(false);
      else toast.error(serverReason(err, "Failed to restore the change."));
    }
  }

  return { theirs, showConflict, takeTheirs, keepMine, restore, historyOpen, setHistoryOpen };
}
