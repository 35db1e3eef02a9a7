import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { FormField } from "./form-field";

/** Class names of a text input (shared by every form so they look and focus alike). */
export const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink shadow-sm placeholder:text-ink-muted focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-600";

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** Text under the input, linked with aria-describedby. */
  hint?: ReactNode;
  /** Error under the input (marks it aria-invalid). */
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint and error. */
export function TextField({ label, hint, error, id, className = "", ...props }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <input {...control} className={inputClass} {...props} />}
    </FormField>
  );
}
