import { useState } from "react";
import { serverReason } from "@/lib/api-client";
import { useConflictSave } from "@/lib/use-conflict-save";
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
  /** Sends the body as based on `version`, and what follows a save; throws what failed. */
  write(body: B, version: string): Promise<void>;
  /** Reads to refresh after a restore. */
  revalidate(): Promise<unknown>;
};

/**
 * The versions of one record in its editor: its save-with-conflict (`useConflictSave`: a 409
 * stale_version opens the conflict; take theirs reloads the form with the stored record, keep
 * mine saves the form's values again over it) and History with Restore, which reloads the form
 * with the restored record (a restore refused as stale opens the same conflict).
 */
export function useRecordVersions<R extends Versioned, F, B>(options: Options<R, F, B>) {
  const { noun, toForm, form, onLoaded } = options;
  const toast = useToast();
  const [historyOpen, setHistoryOpen] = useState(false);

  const load = (record: R) => {
    form.reset(toForm(record));
    onLoaded(record);
  };

  const saving = useConflictSave<R, B>({
    write: options.write,
    failMessage: `Failed to save the ${noun}. Please try again.`,
    onTakeTheirs: load,
    // The form keeps its values; its next save is based on their version.
    onKeepMine: (theirs) => options.setVersion(theirs.updatedAt),
  });

  async function restore(changeId: number) {
    try {
      const result = await restoreChange(changeId, options.version);
      load(result.record as unknown as R);
      saving.close();
      setHistoryOpen(false);
      toast.success(result.changed ? "Change restored." : `Nothing to restore: the ${noun} already has these values.`);
      void options.revalidate();
    } catch (err) {
      // Someone saved after the form loaded: the conflict, with the form's values as mine.
      const mine = form.validate();
      if (mine !== null && saving.open(err, mine)) setHistoryOpen(false);
      else toast.error(serverReason(err, "Failed to restore the change."));
    }
  }

  return { saving, restore, historyOpen, setHistoryOpen };
}
