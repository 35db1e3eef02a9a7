import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { z } from "zod";
import {
  NEWS_LIMITS,
  newsArticleInputSchema,
  type NewsArticle,
  type NewsArticleInput,
} from "@schemas/news";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/text-field";
import { ApiRequestError } from "@/lib/api-client";

/** The form's own state: every field as text, tags as comma-separated text (spec §5). */
export type ArticleFormState = {
  title: string;
  summary: string;
  content: string;
  author: string;
  imageUrl: string;
  tags: string;
  isPublished: boolean;
};

type FieldName = Exclude<keyof ArticleFormState, "isPublished">;
type FieldErrors = Partial<Record<FieldName, string>>;

/** A new article: the author defaults to the signed-in user, 'Publish article immediately' on. */
export function emptyArticleForm(author: string): ArticleFormState {
  return { title: "", summary: "", content: "", author, imageUrl: "", tags: "", isPublished: true };
}

/** An existing article's values; publishing state taken from the article. */
export function articleToForm(article: NewsArticle): ArticleFormState {
  return {
    title: article.title,
    summary: article.summary,
    content: article.content,
    author: article.author,
    imageUrl: article.imageUrl ?? "",
    tags: article.tags.join(", "),
    isPublished: article.isPublished,
  };
}

const FIELD_ORDER: FieldName[] = ["title", "summary", "content", "author", "imageUrl", "tags"];

/** Validates with the API's own schema; on success the normalised body to send. */
export function validateArticleForm(
  state: ArticleFormState,
): { ok: true; input: NewsArticleInput } | { ok: false; errors: FieldErrors } {
  const result = newsArticleInputSchema.safeParse(state);
  if (result.success) return { ok: true, input: result.data };
  const flat = z.flattenError(result.error).fieldErrors as Record<string, string[] | undefined>;
  const errors: FieldErrors = {};
  for (const name of FIELD_ORDER) if (flat[name]?.[0]) errors[name] = flat[name][0];
  return { ok: false, errors };
}

type Props = {
  initial: ArticleFormState;
  submitLabel: string;
  onSubmit(input: NewsArticleInput): Promise<void>;
  onCancel(): void;
};

/** Create / edit form: client validation with the shared schema, server errors mapped to fields. */
export function ArticleForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const set = <K extends keyof ArticleFormState>(name: K, value: ArticleFormState[K]) => {
    setState((s) => ({ ...s, [name]: value }));
    if (name in errors) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const focusFirstError = (fieldErrors: FieldErrors) => {
    const first = FIELD_ORDER.find((name) => fieldErrors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const result = validateArticleForm(state);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(result.input);
    } catch (error) {
      const message = error instanceof ApiRequestError && error.status !== 0 ? error.message : "Failed to save article";
      setFormError(message || "Failed to save article");
      if (error instanceof ApiRequestError && error.errors) {
        const fieldErrors: FieldErrors = {};
        for (const name of FIELD_ORDER) if (error.errors[name]?.[0]) fieldErrors[name] = error.errors[name][0];
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      }
    } finally {
      setSaving(false);
    }
  }

  const field = (name: FieldName, label: string, control: (props: ControlProps) => ReactNode, hint?: string) => {
    const controlId = `${id}-${name}`;
    const error = errors[name];
    const describedBy = [hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean).join(" ");
    return (
      <div>
        <label htmlFor={controlId} className="mb-1 block text-sm font-medium text-ink">
          {label}
        </label>
        {control({
          id: controlId,
          name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy || undefined,
          className: inputClass,
        })}
        {hint && (
          <p id={`${controlId}-hint`} className="mt-1 text-xs text-ink-muted">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${controlId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      {field("title", "Title", (p) => (
        <input {...p} type="text" value={state.title} maxLength={NEWS_LIMITS.title} onChange={(e) => set("title", e.target.value)} />
      ))}
      {field("summary", "Summary", (p) => (
        <textarea {...p} rows={3} value={state.summary} maxLength={NEWS_LIMITS.summary} onChange={(e) => set("summary", e.target.value)} />
      ))}
      {field(
        "content",
        "Content",
        (p) => (
          <textarea {...p} rows={12} value={state.content} onChange={(e) => set("content", e.target.value)} />
        ),
        "Plain text. Line breaks are kept.",
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {field("author", "Author", (p) => (
          <input {...p} type="text" value={state.author} maxLength={NEWS_LIMITS.author} onChange={(e) => set("author", e.target.value)} />
        ))}
        {field(
          "imageUrl",
          "Image URL",
          (p) => (
            <input
              {...p}
              type="url"
              inputMode="url"
              placeholder="https://…"
              value={state.imageUrl}
              onChange={(e) => set("imageUrl", e.target.value)}
            />
          ),
          "Optional: an https:// address or a /files/… path.",
        )}
      </div>
      {field(
        "tags",
        "Tags",
        (p) => (
          <input
            {...p}
            type="text"
            placeholder="Update, Patch Notes"
            value={state.tags}
            onChange={(e) => set("tags", e.target.value)}
          />
        ),
        "Separate tags with commas.",
      )}
      <div className="flex items-center gap-2">
        <input
          id={`${id}-published`}
          type="checkbox"
          checked={state.isPublished}
          onChange={(e) => set("isPublished", e.target.checked)}
          className="size-4 rounded border-line accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
        />
        <label htmlFor={`${id}-published`} className="text-sm font-medium text-ink">
          Publish article immediately
        </label>
      </div>
      <div className="flex flex-wrap gap-3 border-t border-line pt-5">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type ControlProps = {
  id: string;
  name: FieldName;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
};
