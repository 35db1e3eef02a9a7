import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

/** One field whose stored value (theirs) differs from the one being edited (mine), as text. */
export type ConflictField = { label: string; theirs: string; mine: string };

/** A value as the prompt shows it: empty is a dash, lists and objects as JSON. */
export function conflictText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : JSON.stringify(value);
}

/**
 * The fields (in the order given) whose values differ between mine and theirs. Values are
 * compared as shown, so "" and null, or 3 and "3", are the same.
 */
export function conflictFields(
  fields: readonly { key: string; label: string }[],
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): ConflictField[] {
  return fields
    .map((f) => ({ label: f.label, mine: conflictText(mine[f.key]), theirs: conflictText(theirs[f.key]) }))
    .filter((f) => f.mine !== f.theirs);
}

type ConflictPromptProps = {
  /** What was changed, for the sentence: "this faction", "this article", "Griffin". */
  subject: string;
  /** The differing fields (empty: they saved the same values). */
  fields: readonly ConflictField[];
  onTakeTheirs(): void;
  onKeepMine(): void;
  /** While keeping mine is being saved. */
  busy?: boolean;
  /** What "Keep mine" does, said under the buttons. */
  keepMineHint?: string;
  className?: string;
};

/**
 * Someone else saved the same record after it was loaded here: shows their current values next
 * to the ones being edited, and two ways on — take theirs (the form or row becomes the stored
 * record) or keep mine (saved again over theirs, based on their version). Announced when it
 * appears, and focus moves to it so keyboard users land on the choices.
 */
export function ConflictPrompt({ subject, fields, onTakeTheirs, onKeepMine, busy = false, keepMineHint, className = "" }: ConflictPromptProps) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className={`rounded-lg border border-amber-600/50 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-50 focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}
    >
      <h2 id={titleId} className="text-base font-semibold">
        Changed elsewhere
      </h2>
      <p className="mt-1">
        Someone else saved {subject} after you opened it.{" "}
        {fields.length ? "Their current values differ from yours here:" : "Their values are the same as yours."}
      </p>
      {fields.length ? (
        <div className="mt-3 max-h-72 overflow-auto rounded-md border border-amber-600/30 bg-surface text-ink">
          <table className="w-full table-fixed text-left text-xs">
            <thead className="bg-surface-muted text-ink-muted">
              <tr>
                <th scope="col" className="w-1/4 px-2 py-1.5 font-semibold">
                  Field
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Theirs (saved)
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Yours
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => (
                <tr key={f.label} className="border-t border-line align-top">
                  <th scope="row" className="px-2 py-1.5 font-medium text-ink-muted">
                    {f.label}
                  </th>
                  <td className="px-2 py-1.5 break-words whitespace-pre-line">{f.theirs}</td>
                  <td className="px-2 py-1.5 break-words whitespace-pre-line">{f.mine}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </Button>
        <Button size="sm" onClick={onKeepMine} disabled={busy}>
          {busy ? "Saving…" : "Keep mine"}
        </Button>
      </div>
      {keepMineHint ? <p className="mt-2 text-xs">{keepMineHint}</p> : null}
    </section>
  );
}

/** What `useConflictSave` (web/src/lib/use-conflict-save.ts) gives the editor to show. */
type ConflictSaving<Theirs, Mine> = {
  conflict: { theirs: Theirs; mine: Mine } | null;
  busy: boolean;
  takeTheirs(): void;
  keepMine(): Promise<void>;
};

/**
 * An editor's form under its save-with-conflict: the conflict prompt above the form while a
 * conflict is open, and the form locked while it is open or while keeping mine is saved.
 */
export function ConflictGuard<Theirs, Mine>({
  saving,
  subject,
  fields,
  keepMineHint,
  className = "mb-6",
  children,
}: {
  saving: ConflictSaving<Theirs, Mine>;
  subject: string;
  /** The differing fields of the open conflict (`conflictFields`). */
  fields(conflict: { theirs: Theirs; mine: Mine }): readonly ConflictField[];
  keepMineHint: string;
  className?: string;
  children: ReactNode;
}) {
  const { conflict, busy } = saving;
  return (
    <>
      {conflict ? (
        <ConflictPrompt
          className={className}
          subject={subject}
          fields={fields(conflict)}
          onTakeTheirs={saving.takeTheirs}
          onKeepMine={() => void saving.keepMine()}
          busy={busy}
          keepMineHint={keepMineHint}
        />
      ) : null}
      <fieldset disabled={conflict !== null || busy} className="min-w-0">
        {children}
      </fieldset>
    </>
  );
}
