import { useId, type ReactNode } from "react";

/** What a field's control receives: its id and the links to its hint and error. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FormFieldProps = {
  label: ReactNode;
  /** Text under the control. */
  hint?: ReactNode;
  /** The field's error message (from the form's schema or the server's `errors`). */
  error?: string;
  id?: string;
  className?: string;
  /** Renders the control with the given props (spread them on the input, textarea or select). */
  children(control: FieldControlProps): ReactNode;
};

/**
 * A labelled form control with its hint and its error under it. The error marks the control
 * `aria-invalid` and is linked with `aria-describedby`, so screen readers read it with the field.
 */
export function FormField({ label, hint, error, id, className = "", children }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : null;
  const errorId = error ? `${controlId}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId!} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId!} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
