import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";

/** Class names of a text input (shared by every form so they look and focus alike). */
export const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink shadow-sm placeholder:text-ink-muted focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-600";

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** Text under the input, linked with aria-describedby. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input. */
export function TextField({ label, hint, id, className = "", ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <input id={inputId} aria-describedby={hintId} className={inputClass} {...props} />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
