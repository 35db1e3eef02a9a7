import type { MediaFilters } from "@schemas/media";
import { FILTER_CHIP, TYPE_OPTIONS } from "@/features/gallery/lib/gallery-ui";
import type { GalleryUrlFilters } from "@shared/media-keys";


type Props = {
  filters: GalleryUrlFilters;
  options: MediaFilters | undefined;
  onChange(patch: Partial<Omit<GalleryUrlFilters, "page">>): void;
  /** Stacked full-width groups (the phone's sheet) instead of one wrapping row. */
  layout?: "bar" | "sheet";
};

const { base: chip, idle, active } = FILTER_CHIP;

/** Category buttons (each with its colour) and type buttons; the chosen ones are pressed. */
export function GalleryFilters({ filters, options, onChange, layout = "bar" }: Props) {
  const categories = options?.categories ?? [];
  const group = layout === "sheet" ? "flex flex-wrap gap-2" : "flex flex-wrap items-center gap-2";
  return (
    <div className={layout === "sheet" ? "space-y-5" : "flex flex-wrap items-start justify-between gap-4"}>
      <div role="group" aria-label="Category" className={group}>
        {layout === "sheet" ? <h3 className="w-full text-sm font-semibold text-ink-muted">Category</h3> : null}
        <button
          type="button"
          aria-pressed={filters.categoryId === null}
          className={`${chip} ${filters.categoryId === null ? active : idle}`}
          onClick={() => onChange({ categoryId: null })}
        >
          All Categories
        </button>
        {categories.map((category) => {
          const pressed = filters.categoryId === category.value;
          return (
            <button
              key={category.value}
              type="button"
              aria-pressed={pressed}
              className={`${chip} ${pressed ? active : idle}`}
              style={pressed ? undefined : { borderColor: category.color }}
              onClick={() => onChange({ categoryId: category.value })}
            >
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full ring-1 ring-black/10" style={{ backgroundColor: category.color }} />
              {category.label}
            </button>
          );
        })}
      </div>
      <div role="group" aria-label="Media type" className={group}>
        {layout === "sheet" ? <h3 className="w-full text-sm font-semibold text-ink-muted">Type</h3> : null}
        {TYPE_OPTIONS.map((option) => {
          const pressed = filters.mediaType === option.value;
          return (
            <button
              key={option.label}
              type="button"
              aria-pressed={pressed}
              className={`${chip} ${pressed ? active : idle}`}
              onClick={() => onChange({ mediaType: option.value })}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
