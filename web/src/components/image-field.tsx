import { useImageSrc } from "@/lib/image-src";
import { useState } from "react";
import type { MediaItem } from "@schemas/media";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { inputClass } from "@/components/ui/text-field";
import { useImageChoices } from "@/lib/image-choices";

type ImageFieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  /** Under the label; by default what the field takes. */
  hint?: string;
  onChange(value: string): void;
  /** Also told which library item was chosen (a form can take its alt text, say). */
  onPick?(item: MediaItem): void;
};

const DEFAULT_HINT = "A /files/… path of an uploaded image (or an https:// address on a host the site settings allow). Leave empty for none.";

/** The address a chosen image is stored as: its large rendition when there is one, else the original. */
export const imageAddress = (item: MediaItem) => item.largeUrl ?? item.originalUrl ?? "";

/**
 * An image of a record: typed as a `/files/…` path (or an http(s) address), or chosen from the
 * site's approved uploaded images in a picker (the media library). Shows a small preview of the
 * current value. Shared by the faction editor and the news article form.
 */
export function ImageField({ id, name, label, value, error, hint = DEFAULT_HINT, onChange, onPick }: ImageFieldProps) {
  const [picking, setPicking] = useState(false);
  // The preview shows what readers will see: nothing for a host the site does not allow.
  const preview = useImageSrc()(value);
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <div className="flex items-start gap-3">
          <div className="size-14 shrink-0 overflow-hidden rounded-lg border border-line bg-surface-muted">
            {preview ? <img src={preview} alt="" className="size-full object-cover" loading="lazy" /> : null}
          </div>
          <div className="min-w-0 flex-1">
            <input {...control} name={name} type="text" inputMode="url" placeholder="/files/…" className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} />
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setPicking(true)}>
                {/* The visible words first, so voice control answers to them (WCAG 2.5.3, label in name). */}
                Choose from media<span className="sr-only"> for the {label.toLowerCase()}</span>
              </Button>
              {value ? (
                <Button size="sm" variant="ghost" onClick={() => onChange("")} aria-label={`Clear ${label.toLowerCase()}`}>
                  Clear
                </Button>
              ) : null}
            </div>
          </div>
          <ImagePicker
            open={picking}
            title={`Choose ${label.toLowerCase()}`}
            onClose={() => setPicking(false)}
            onPick={(item) => {
              onChange(imageAddress(item));
              onPick?.(item);
              setPicking(false);
            }}
          />
        </div>
      )}
    </FormField>
  );
}

function ImagePicker({ open, title, onClose, onPick }: { open: boolean; title: string; onClose(): void; onPick(item: MediaItem): void }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useImageChoices(search, page, open);
  const items = (data?.items ?? []).filter((item) => imageAddress(item));
  return (
    <Dialog open={open} onClose={onClose} title={title} description="Approved images uploaded to the site." size="xl">
      <label className="block text-sm font-medium text-ink">
        Search images
        <input
          type="search"
          className={`${inputClass} mt-1`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </label>
      <div className="mt-4">
        {isLoading ? (
          <div role="status" aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <span className="sr-only">Loading images...</span>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="aspect-square" />
            ))}
          </div>
        ) : error ? (
          <Alert>Failed to load the images. Please try again.</Alert>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-ink-muted">{search.trim() ? "No images match your search." : "No approved images have been uploaded yet."}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onPick(item)}
                  className="group block w-full overflow-hidden rounded-lg border border-line bg-surface text-left focus-visible:outline-2 focus-visible:outline-brand-600 hover:border-brand-600"
                  aria-label={`Use ${item.title}`}
                >
                  <PickerThumb item={item} />
                  <span className="block truncate px-2 py-1 text-xs text-ink">{item.title}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {data && data.totalPages > 1 ? (
        <div className="mt-4">
          <Pagination page={page} totalPages={data.totalPages} onPage={setPage} />
        </div>
      ) : null}
    </Dialog>
  );
}

/** A library item's thumbnail in the picker, when the site may show it. */
function PickerThumb({ item }: { item: MediaItem }) {
  const src = useImageSrc()(item.thumbnailUrl ?? imageAddress(item));
  return src ? <img src={src} alt="" loading="lazy" className="aspect-square w-full object-cover" /> : <span aria-hidden="true" className="block aspect-square w-full bg-surface-muted" />;
}
