import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { FOCUSABLE, keepTabInside } from "@/lib/keep-tab-inside";
import { IconButton } from "./icon-button";
import { CloseIcon } from "./icons";

export type DialogPlacement = "center" | "sheet" | "side";

type DialogProps = {
  open: boolean;
  /** Escape, the close button and a click on the backdrop ask for this (when dismissible). */
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Bottom row (buttons, or an account block); stays visible while the body scrolls. */
  footer?: ReactNode;
  /**
   * `center`: a card in the middle of the screen (forms, confirmations). `sheet`: slides up from
   * the bottom edge, full width (phones). `side`: slides in from the right edge, full height
   * (the mobile menu).
   */
  placement?: DialogPlacement;
  /** Width of a centered dialog. */
  size?: "sm" | "md" | "lg" | "xl";
  /** When false, Escape and the backdrop do not close it and there is no close button (e.g. while saving). */
  dismissible?: boolean;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** What gets focus on open; else the first `autoFocus` field, else the close button, else the first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Keep the body rendered while closed (for content that slides out instead of vanishing). */
  keepMounted?: boolean;
  id?: string;
  /** Extra classes for the dialog box. */
  className?: string;
  /** Classes for the scrolling body (padding by default). */
  bodyClassName?: string;
  /** Classes for the footer (padding by default). */
  footerClassName?: string;
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

/** Slides use `@starting-style` and discrete transitions so the box animates in and out of the top layer. */
const SLIDE = "transition-[translate,display,overlay] transition-discrete duration-300 ease-out motion-reduce:transition-none";

const placements: Record<DialogPlacement, string> = {
  center: "m-auto max-h-[85dvh] w-[calc(100%-2rem)] rounded-2xl border open:motion-safe:animate-[toast-in_150ms_ease-out]",
  sheet: `mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none rounded-t-2xl border-t translate-y-full open:translate-y-0 starting:open:translate-y-full ${SLIDE}`,
  side: `my-0 mr-0 ml-auto h-dvh max-h-none w-80 max-w-[80vw] border-l translate-x-full open:translate-x-0 starting:open:translate-x-full ${SLIDE}`,
};

/**
 * The one modal dialog. Built on the native `<dialog>` (showModal): it sits above the page, which
 * becomes inert. On top of that it keeps Tab and Shift+Tab inside, closes on Escape and on a
 * backdrop click, locks the page's scrolling, and gives focus back to the element that opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  placement = "center",
  size = "md",
  dismissible = true,
  closeLabel = "Close dialog",
  initialFocus,
  keepMounted = false,
  id,
  className = "",
  bodyClassName = "px-5 py-4",
  footerClassName = "px-5 py-4",
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const target =
      initialFocus?.current ??
      dialog.querySelector<HTMLElement>("[autofocus], [data-autofocus]") ??
      closeRef.current ??
      dialog.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previousOverflow;
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
      if (opener?.isConnected) opener.focus();
    };
    // initialFocus is read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const requestClose = () => {
    if (dismissibleRef.current) onCloseRef.current();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    keepTabInside(event, event.currentTarget);
  };

  const showBody = open || keepMounted;

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      data-placement={placement}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // The browser's own Escape handling: closing stays with the owner of `open`.
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        // The box is filled by its content, so a click on the <dialog> itself is on the backdrop.
        if (event.target === event.currentTarget) requestClose();
      }}
      className={`${placements[placement]} ${placement === "center" ? widths[size] : ""} overflow-hidden border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-stone-950/60 ${className}`}
    >
      {showBody ? (
        <div className={`flex flex-col ${placement === "side" ? "h-full" : "max-h-[inherit]"}`}>
          <div className="flex shrink-0 items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div className="min-w-0">
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
              <IconButton ref={closeRef} onClick={requestClose} label={closeLabel} size="md" tone="muted" className="-m-1">
                <CloseIcon />
              </IconButton>
            ) : null}
          </div>
          <div className={`min-h-0 flex-1 overflow-y-auto ${bodyClassName}`}>{children}</div>
          {footer ? <div className={`shrink-0 border-t border-line ${footerClassName}`}>{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** The usual footer of a form or confirmation: buttons on the right, stacked on phones. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
