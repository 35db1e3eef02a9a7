import { useState } from "react";
import { serverReason, staleRecord } from "./api-client";
import { useToast } from "./toast";

export type Conflict<Theirs, Mine> = { theirs: Theirs; mine: Mine };

/**
 * Save-with-conflict for the editor of one versioned record (docs/conventions.md, "Versioned
 * writes"). `save(input, version)` runs `write`, which sends the version the form is based on;
 * a 409 stale_version opens the conflict (theirs: the record as stored now, mine: what was sent)
 * and answers false. The editor shows it with `ConflictPrompt` and locks its form until
 * `takeTheirs()` (the editor reloads the form with theirs) or `keepMine()` (saved again, based on
 * their version). Any other failure of `save` is thrown to the form; of `keepMine`, toasted.
 * `close()` drops an open conflict without either (the form was loaded with another record).
 */
export function useConflictSave<Theirs extends { updatedAt: string | null }, Mine>(options: {
  write(input: Mine, version: Theirs["updatedAt"]): Promise<void>;
  /** What the failed keep-mine says when the server gave no reason. */
  failMessage: string;
  /** Load their record into the form. */
  onTakeTheirs(theirs: Theirs): void;
  /** The form is now based on their version, whatever the keep-mine's outcome. */
  onKeepMine?(theirs: Theirs): void;
  /** A conflict opened (e.g. keep the sent values in the form). */
  onConflict?(conflict: Conflict<Theirs, Mine>): void;
}) {
  const toast = useToast();
  const [conflict, setConflict] = useState<Conflict<Theirs, Mine> | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(input: Mine, version: Theirs["updatedAt"]): Promise<boolean> {
    try {
      await options.write(input, version);
      return true;
    } catch (err) {
      if (!open(err, input)) throw err;
      return false;
    }
  }

  /**
   * A 409 stale_version caught elsewhere (a history restore based on the form's version) opens
   * the conflict as a stale save does, `mine` being what keep-mine will save. False for any other error.
   */
  function open(err: unknown, mine: Mine): boolean {
    const theirs = staleRecord<Theirs>(err);
    if (!theirs) return false;
    const opened = { theirs, mine };
    setConflict(opened);
    options.onConflict?.(opened);
    return true;
  }

  function takeTheirs() {
    if (!conflict) return;
    options.onTakeTheirs(conflict.theirs);
    setConflict(null);
  }

  async function keepMine() {
    if (!conflict) return;
    const { theirs, mine } = conflict;
    setBusy(true);
    setConflict(null);
    options.onKeepMine?.(theirs);
    try {
      await save(mine, theirs.updatedAt);
    } catch (err) {
      toast.error(serverReason(err, options.failMessage));
    } finally {
      setBusy(false);
    }
  }

  return { conflict, busy, save, open, close: () => setConflict(null), takeTheirs, keepMine };
}
