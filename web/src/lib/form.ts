import { useCallback, useMemo, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { allMessages, fieldErrorsFromIssues, type FieldErrors } from "@shared/field-errors";
import { ApiRequestError } from "./api-client";

type Values = Record<string, unknown>;

type Options<V extends Values> = {
  initialValues: V;
  /** Field order for `messages` (forms that list every problem together); else schema order. */
  order?: readonly (keyof V & string)[];
};

/**
 * Form state validated with the zod schema the server uses for the same route, so both say the
 * same thing in the same words. `handleSubmit(onValid)` validates on submit and calls `onValid`
 * with the parsed body (or shows the field errors); `showServerErrors(err)` puts a refused
 * request's `errors` map under the fields. Both move focus to the first field in error.
 */
export function useZodForm<S extends z.ZodType, V extends Values = z.input<S> & Values>(schema: S, options: Options<V>) {
  const { initialValues, order } = options;
  const [values, setValues] = useState<V>(initialValues);
  /** The values the form was loaded (or last reset) with: unsaved changes differ from them. */
  const [baseline, setBaseline] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The form element of the last submit (set by handleSubmit), for moving focus to errors. */
  const formRef = useRef<HTMLFormElement | null>(null);

  /** Moves focus to the first field with an error (in `order`, else as reported). */
  const focusFirstError = (found: FieldErrors) => {
    const names = [...(order ?? []), ...Object.keys(found)].filter((name) => name in found);
    for (const name of names) {
      const control = formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`);
      if (control && !control.hasAttribute("disabled")) {
        control.focus();
        return;
      }
    }
  };

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    // An edited field's old error no longer describes it.
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _dropped, ...rest } = e;
      return rest;
    });
  }, []);

  const validate = (): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found = fieldErrorsFromIssues(result.error.issues);
    setErrors(found);
    focusFirstError(found);
    return null;
  };

  /** True when the error carried field errors (now shown); false for other failures. */
  const showServerErrors = (err: unknown): boolean => {
    if (err instanceof ApiRequestError && err.errors && Object.keys(err.errors).length) {
      setErrors(err.errors);
      focusFirstError(err.errors);
      return true;
    }
    return false;
  };

  /**
   * The `<form onSubmit>` handler: prevents the page load, validates, and calls `onValid` with the
   * parsed body. Errors move focus to the first field in error.
   */
  const handleSubmit = (onValid: (body: z.output<S>) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    const body = validate();
    if (body !== null) return onValid(body);
  };

  const reset = useCallback((next?: V) => {
    setValues(next ?? initialValues);
    setBaseline(next ?? initialValues);
    setErrors({});
    // initialValues is the first render's value, as with useState.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /**
   * Text typed into a field of the Worker's HTML before React hydrated it: the element keeps it,
   * and the form adopts it as the field's value when the element is attached (else the next render
   * would set the field back to its initial value). One callback per field, kept across renders.
   */
  const adopters = useRef(new Map<string, (element: HTMLInputElement | HTMLTextAreaElement | null) => void>());
  const adoptTyped = (name: keyof V & string) => {
    let adopt = adopters.current.get(name);
    if (!adopt) {
      adopt = (element) => {
        if (element?.value && element.value !== (initialValues[name] ?? "")) setValue(name, element.value as V[typeof name]);
      };
      adopters.current.set(name, adopt);
    }
    return adopt;
  };

  /** Props for a text control: name, value, onChange, its first error, and the ref that keeps text typed before hydration. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: (values[name] ?? "") as string,
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as V[K]),
    error: errors[name]?.[0],
    ref: adoptTyped(name),
  });

  const messages = useMemo(() => allMessages(errors, order), [errors, order]);
  /** True when a value differs from the loaded ones (for the unsaved-changes guard). */
  const dirty = useMemo(() => values !== baseline && JSON.stringify(values) !== JSON.stringify(baseline), [values, baseline]);

  return { handleSubmit, values, setValue, errors, setErrors, messages, validate, showServerErrors, reset, field, dirty };
}
