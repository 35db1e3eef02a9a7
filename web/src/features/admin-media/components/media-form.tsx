import { useState, type FormEvent } from "react";
import { CategoryOptions, FactionOptions } from "@/features/admin-media/components/media-select-options";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { inputClass } from "@/components/ui/text-field";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { MEDIA_LIMITS, MEDIA_TYPES, mediaItemInputSchema, type MediaItemFormValues } from "@schemas/media";
import type { MediaCategory } from "@schemas/media";

type Props = {
  initial: MediaItemFormValues;
  categories: MediaCategory[];
  factions: { id: number; name: string }[];
  onSubmit(values: MediaItemFormValues): Promise<void>;
  onCancel(): void;
};

/** A label with the required-field mark (the mark is decoration: the control says `required`). */
function requiredLabel(text: string) {
  return (
    <>
      {text}
      <span aria-hidden="true" className="text-red-700 dark:text-red-400">
        {" "}
        *
      </span>
    </>
  );
}

/**
 * The media form, validated with the same zod schema the server uses; the server's
 * field errors are shown next to their fields.
 */
export function MediaForm({ initial, categories, factions, onSubmit, onCancel }: Props) {
  const form = useZodForm(mediaItemInputSchema, { initialValues: initial });
  const { values, errors, setValue: set } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const valid = form.validate() !== null;
    // The schema lets 0 through (the select's "Select a category"); the server refuses it.
    if (!values.categoryId) form.setErrors((found) => ({ ...found, categoryId: ["Category is required."] }));
    if (!valid || !values.categoryId) return;
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (err) {
      form.showServerErrors(err);
      setFormError(serverReason(err, "Failed to save media item"));
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      {formError ? (
        <Alert>{formError}</Alert>
      ) : null}
      <FormField id="media-title" label={requiredLabel("Title")} error={errors.title?.[0]}>
        {(p) => (
          <input {...p} className={inputClass} value={values.title} maxLength={MEDIA_LIMITS.title} required onChange={(e) => set("title", e.target.value)} name="title" />
        )}
      </FormField>
      <FormField id="media-description" label={requiredLabel("Description")} error={errors.description?.[0]}>
        {(p) => (
          <textarea
            {...p}
            rows={4}
            className={inputClass}
            value={values.description}
            maxLength={MEDIA_LIMITS.description}
            required
            onChange={(e) => set("description", e.target.value)}
            name="description"
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField id="media-mediaType" label={requiredLabel("Media Type")} error={errors.mediaType?.[0]}>
          {(p) => (
            <select {...p} className={inputClass} value={values.mediaType} onChange={(e) => set("mediaType", e.target.value as MediaItemFormValues["mediaType"])} name="mediaType">
              {MEDIA_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t === "gif" ? "GIF" : t[0]!.toUpperCase() + t.slice(1)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="media-categoryId" label={requiredLabel("Category")} error={errors.categoryId?.[0]}>
          {(p) => (
            <select {...p} className={inputClass} value={values.categoryId} required onChange={(e) => set("categoryId", Number(e.target.value))} name="categoryId">
              <CategoryOptions categories={categories} />
            </select>
          )}
        </FormField>
        <FormField id="media-factionId" label="Faction" error={errors.factionId?.[0]}>
          {(p) => (
            <select {...p} className={inputClass} value={values.factionId ?? 0} onChange={(e) => set("factionId", Number(e.target.value))} name="factionId">
              <FactionOptions factions={factions} />
            </select>
          )}
        </FormField>
      </div>
      <FormField id="media-altText" label="Alt Text" error={errors.altText?.[0]}>
        {(p) => (
          <input {...p} className={inputClass} value={values.altText ?? ""} maxLength={MEDIA_LIMITS.altText} onChange={(e) => set("altText", e.target.value)} name="altText" />
        )}
      </FormField>
      <FormField id="media-caption" label="Caption" error={errors.caption?.[0]}>
        {(p) => (
          <input {...p} className={inputClass} value={values.caption ?? ""} maxLength={MEDIA_LIMITS.caption} onChange={(e) => set("caption", e.target.value)} name="caption" />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <FormField id="media-tags" label="Tags (comma-separated)" error={errors.tags?.[0]}>
            {(p) => (
              <input {...p} className={inputClass} value={values.tags ?? ""} maxLength={MEDIA_LIMITS.tags} onChange={(e) => set("tags", e.target.value)} name="tags" />
            )}
          </FormField>
        </div>
        <FormField id="media-sortOrder" label="Sort Order" error={errors.sortOrder?.[0]}>
          {(p) => (
            <input
              {...p}
              type="number"
              min={0}
              max={MEDIA_LIMITS.sortOrder}
              className={inputClass}
              value={values.sortOrder ?? 0}
              onChange={(e) => set("sortOrder", e.target.value === "" ? 0 : Number(e.target.value))}
              name="sortOrder"
            />
          )}
        </FormField>
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
