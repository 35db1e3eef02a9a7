import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { MediaFilters } from "@schemas/media";
import { FILTER_ICON_PATH } from "@/features/gallery/lib/gallery-ui";
import type { GalleryUrlFilters } from "@shared/media-keys";
import { GalleryFilters } from "./gallery-filters";

type Props = {
  filters: GalleryUrlFilters;
  options: MediaFilters | undefined;
  activeCount: number;
  onChange(patch: Partial<Omit<GalleryUrlFilters, "page">>): void;
  onClear(): void;
};

/** Phones: a Filters button (with the number of active filters) opening a bottom sheet. Choosing closes it. */
export function FilterSheet({ filters, options, activeCount, onChange, onClear }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={activeCount > 0 ? `Filters (${activeCount} active)` : "Filters"}
        className="md:hidden"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-4 w-4" aria-hidden="true">
          <path d={FILTER_ICON_PATH} strokeLinecap="round" />
        </svg>
        Filters
        {activeCount > 0 ? (
          <span aria-hidden="true" className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs text-white">
            {activeCount}
          </span>
        ) : null}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Filters"
        placement="sheet"
        footer={
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => {
              onClear();
              setOpen(false);
            }}
          >
            Clear All Filters
          </Button>
        }
      >
        <GalleryFilters
          layout="sheet"
          filters={filters}
          options={options}
          onChange={(patch) => {
            onChange(patch);
            setOpen(false);
          }}
        />
      </Dialog>
    </>
  );
}
