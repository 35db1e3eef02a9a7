import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { FormField } from "./form-field";
import { inputClass } from "./text-field";

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** id of an element that describes the field (a checklist, a hint). */
  describedBy?: string;
  /** Error under the input (marks it aria-invalid). */
  error?: string;
};

/** A labelled password input with a show/hide toggle (aria-pressed, named after the field). */
export function PasswordInput({ label, id, className = "", describedBy, error, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} error={error} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            aria-describedby={[describedBy, control["aria-describedby"]].filter(Boolean).join(" ") || undefined}
            type={visible ? "text" : "password"}
            className={`${inputClass} pr-11`}
            {...props}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={control.id}
            aria-label={visible ? "Hide password" : "Show password"}
            title={visible ? "Hide password" : "Show password"}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {visible ? <path d="M3 3l18 18" /> : null}
            </svg>
          </button>
        </div>
      )}
    </FormField>
  );
}
