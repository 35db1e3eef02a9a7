import { useId, useState, type ReactNode } from "react";
import { NEWS_LIMITS, newsArticleInputSchema, type NewsArticle, type NewsArticleInput } from "@schemas/news";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ImageField } from "@/components/image-field";
import { FormField, type FieldControlProps } from "@/components/ui/form-field";
import { inputClass } from "@/components/ui/text-field";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { useLeaveGuard } from "@/lib/leave-guard";

/** The form's own state: every field as text, tags as comma-separated text. */
export type ArticleFormState = {
  title: string;
  summary: string;
  content: string;
  author: string;
  imageUrl: string;
  imageAlt: string;
  tags: string;
  isPublished: boolean;
};

type FieldName = Exclude<keyof ArticleFormState, "isPublished">;

/** A new article: the author defaults to the signed-in user, 'Publish article immediately' on. */
export function emptyArticleForm(author: string): ArticleFormState {
  return { title: "", summary: "", content: "", author, imageUrl: "", imageAlt: "", tags: "", isPublished: true };
}

/** An existing article's values; publishing state taken from the article. */
export function articleToForm(article: NewsArticle): ArticleFormState {
  return {
    title: article.title,
    summary: article.summary,
    content: article.content,
    author: article.author,
    imageUrl: article.imageUrl ?? "",
    imageAlt: article.imageAlt,
    tags: article.tags.join(", "),
    isPublished: article.isPublished,
  };
}

const FIELD_ORDER: FieldName[] = ["title", "summary", "content", "author", "imageUrl", "imageAlt", "tags"];

type Props = {
  initial: ArticleFormState;
  submitLabel: string;
  onSubmit(input: NewsArticleInput): Promise<void>;
  onCancel(): void;
};

/** Create / edit form: validated with the API's own schema; server field errors shown the same way. */
export function ArticleForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const { handleSubmit, values: state, setValue: set, errors, showServerErrors, dirty } = useZodForm(newsArticleInputSchema, {
    initialValues: initial,
    order: FIELD_ORDER,
  });
  useLeaveGuard(dirty);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = handleSubmit(async (input) => {
    setSaving(true);
    try {
      await onSubmit(input);
    } catch (error) {
      const message = serverReason(error, "Failed to save article");
      setFormError(message || "Failed to save article");
      showServerErrors(error);
    } finally {
      setSaving(false);
    }
  });

  const field = (name: FieldName, label: string, control: (props: ControlProps) => ReactNode, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint} error={errors[name]?.[0]}>
      {(props) => control({ ...props, name, className: inputClass })}
    </FormField>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFormError(null);
        void submit(event);
      }}
      className="space-y-5"
    >
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
      {field("author", "Author", (p) => (
        <input {...p} type="text" value={state.author} maxLength={NEWS_LIMITS.author} onChange={(e) => set("author", e.target.value)} />
      ))}
      <ImageField
        id={`${id}-imageUrl`}
        name="imageUrl"
        label="Image"
        value={state.imageUrl}
        error={errors.imageUrl?.[0]}
        hint="Optional. Choose one from the media library, or give a /files/… path or an https:// address on a host the site settings allow."
        onChange={(v) => set("imageUrl", v)}
        // A library image brings its own description when the article has none yet.
        onPick={(item) => {
          if (!state.imageAlt.trim() && item.altText) set("imageAlt", item.altText);
        }}
      />
      {field(
        "imageAlt",
        "Image alt text",
        (p) => (
          <input {...p} type="text" value={state.imageAlt} maxLength={NEWS_LIMITS.imageAlt} onChange={(e) => set("imageAlt", e.target.value)} />
        ),
        "What the image shows, for readers who cannot see it. Leave empty when it is only decoration.",
      )}
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

type ControlProps = FieldControlProps & { name: FieldName; className: string };
