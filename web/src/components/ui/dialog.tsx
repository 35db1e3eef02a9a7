import { useEffect, useId, useRef, type ReactNode } from "react";
import { IconButton } from "./icon-button";
import { CloseIcon } from "./icons";

type DialogProps = {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  /** When false, Escape and the backdrop do not close it (e.g. while saving). */
  dismissible?: boolean;
  /** "sheet": a bottom sheet across the full width (phones' filter panels); default centred. */
  placement?: "center" | "sheet";
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

/**
 * A modal dialog on the native <dialog> element (showModal): focus moves in and is trapped
 * by the browser, the rest of the page is inert, Escape closes, focus returns to the opener.
 */
export function Dialog({ open, onClose, title, description, children, footer, size = "md", dismissible = true, placement = "center" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
      data-placement={placement}
      className={`${
        placement === "sheet"
          ? "mx-0 mt-auto mb-0 w-full max-w-none rounded-t-2xl border-b-0"
          : `m-auto w-[calc(100%-2rem)] ${widths[size]} rounded-2xl`
      } border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-stone-950/60 open:motion-safe:animate-[toast-in_150ms_ease-out]`}
    >
      {open ? (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div>
              <h2 id={titleId} className="font-display text-xl font-bold text-ink">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-ink-muted">
                  {description}
                </p>
              ) : null}
            </div>
            {dismissible ? (
              <IconButton onClick={onClose} label="Close dialog" size="md" tone="muted" className="-m-1">
                <CloseIcon />
              </IconButton>
            ) : null}
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-4">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
