import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/text-field";
import { ApiRequestError } from "@/lib/api-client";
import { MEDIA_LIMITS, MEDIA_TYPES, mediaItemInputSchema, type MediaItemFormValues } from "@schemas/media";
import type { MediaCategory } from "@schemas/media";

type Props = {
  initial: MediaItemFormValues;
  categories: MediaCategory[];
  factions: { id: number; name: string }[];
  onSubmit(values: MediaItemFormValues): Promise<void>;
  onCancel(): void;
};

type Errors = Record<string, string[] | undefined>;

function Field({ id, label, required, errors, children }: { id: string; label: string; required?: boolean; errors?: string[]; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
        {required ? <span aria-hidden="true" className="text-red-700 dark:text-red-400"> *</span> : null}
      </label>
      {children}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The media form, validated with the same zod schema the server uses; the server's
 * field errors are shown next to their fields.
 */
export function MediaForm({ initial, categories, factions, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<MediaItemFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof MediaItemFormValues>(name: K, value: MediaItemFormValues[K]) => setValues((v) => ({ ...v, [name]: value }));
  const invalid = (name: string) => (errors[name]?.length ? { "aria-invalid": true, "aria-describedby": `media-${name}-error` } : {});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const local: Errors = {};
    const parsed = mediaItemInputSchema.safeParse(values);
    if (!parsed.success) for (const issue of parsed.error.issues) (local[String(issue.path[0])] ??= []).push(issue.message);
    if (!values.categoryId) local.categoryId = ["Category is required."];
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiRequestError && err.errors) setErrors(err.errors);
      setFormError(err instanceof ApiRequestError && err.message ? err.message : "Failed to save media item");
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-600/40 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-100">
          {formError}
        </p>
      ) : null}
      <Field id="media-title" label="Title" required errors={errors.title}>
        <input id="media-title" className={inputClass} value={values.title} maxLength={MEDIA_LIMITS.title} required onChange={(e) => set("title", e.target.value)} {...invalid("title")} />
      </Field>
      <Field id="media-description" label="Description" required errors={errors.description}>
        <textarea
          id="media-description"
          rows={4}
          className={inputClass}
          value={values.description}
          maxLength={MEDIA_LIMITS.description}
          required
          onChange={(e) => set("description", e.target.value)}
          {...invalid("description")}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field id="media-mediaType" label="Media Type" required errors={errors.mediaType}>
          <select id="media-mediaType" className={inputClass} value={values.mediaType} onChange={(e) => set("mediaType", e.target.value as MediaItemFormValues["mediaType"])} {...invalid("mediaType")}>
            {MEDIA_TYPES.map((t) => (
              <option key={t} value={t}>
                {t === "gif" ? "GIF" : t[0]!.toUpperCase() + t.slice(1)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="media-categoryId" label="Category" required errors={errors.categoryId}>
          <select id="media-categoryId" className={inputClass} value={values.categoryId} required onChange={(e) => set("categoryId", Number(e.target.value))} {...invalid("categoryId")}>
            <option value={0}>Select a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="media-factionId" label="Faction" errors={errors.factionId}>
          <select id="media-factionId" className={inputClass} value={values.factionId ?? 0} onChange={(e) => set("factionId", Number(e.target.value))} {...invalid("factionId")}>
            <option value={0}>None</option>
            {factions.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="media-altText" label="Alt Text" errors={errors.altText}>
        <input id="media-altText" className={inputClass} value={values.altText ?? ""} maxLength={MEDIA_LIMITS.altText} onChange={(e) => set("altText", e.target.value)} {...invalid("altText")} />
      </Field>
      <Field id="media-caption" label="Caption" errors={errors.caption}>
        <input id="media-caption" className={inputClass} value={values.caption ?? ""} maxLength={MEDIA_LIMITS.caption} onChange={(e) => set("caption", e.target.value)} {...invalid("caption")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <Field id="media-tags" label="Tags (comma-separated)" errors={errors.tags}>
            <input id="media-tags" className={inputClass} value={values.tags ?? ""} maxLength={MEDIA_LIMITS.tags} onChange={(e) => set("tags", e.target.value)} {...invalid("tags")} />
          </Field>
        </div>
        <Field id="media-sortOrder" label="Sort Order" errors={errors.sortOrder}>
          <input
            id="media-sortOrder"
            type="number"
            min={0}
            max={MEDIA_LIMITS.sortOrder}
            className={inputClass}
            value={values.sortOrder ?? 0}
            onChange={(e) => set("sortOrder", e.target.value === "" ? 0 : Number(e.target.value))}
            {...invalid("sortOrder")}
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-ink">
          <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={!!values.isApproved} onChange={(e) => set("isApproved", e.target.checked)} />
          Approved
        </label>
        <label className="inline-flex items-center gap-2 text-sm font-medium text-ink">
          <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={!!values.isFeatured} onChange={(e) => set("isFeatured", e.target.checked)} />
          Featured
        </label>
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-5">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
