import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";

export type MenuItem =
  | { kind?: "link"; label: string; to: string; icon?: ReactNode }
  | { kind: "action"; label: string; onSelect(): void; icon?: ReactNode };

type DropdownMenuProps = {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Optional non-interactive header inside the menu (e.g. the signed-in email). */
  header?: ReactNode;
  items: readonly MenuItem[];
  align?: "start" | "end";
  triggerClassName?: string;
};

function focusItem(menu: HTMLElement | null, which: "first" | "last") {
  const list = Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  (which === "first" ? list[0] : list[list.length - 1])?.focus();
}

const itemClass =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-ink outline-none hover:bg-surface-muted focus:bg-brand-50 focus:text-brand-900 dark:focus:bg-brand-950 dark:focus:text-brand-100";

/**
 * An accessible menu button (WAI-ARIA menu pattern): the trigger has aria-haspopup/aria-expanded;
 * Enter/Space/ArrowDown open on the first item, ArrowUp on the last; arrows, Home and End move;
 * Escape closes and returns focus to the trigger; Tab or a click outside closes.
 */
export function DropdownMenu({ trigger, header, items, align = "end", triggerClassName = "" }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const pendingFocus = useRef<"first" | "last" | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openMenu = (focus: "first" | "last") => {
    pendingFocus.current = focus;
    setOpen(true);
    // Already open (e.g. opened by click): move focus now.
    if (open) focusItem(menuRef.current, focus);
  };

  useEffect(() => {
    if (!open || !pendingFocus.current) return;
    focusItem(menuRef.current, pendingFocus.current);
    pendingFocus.current = null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openMenu("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openMenu("last");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(index + 1);
      case "ArrowUp":
        return move(index - 1);
      case "Home":
        return move(0);
      case "End":
        return move(list.length - 1);
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case "Tab":
        return close(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={onTriggerKeyDown}
        className={triggerClassName}
      >
        {trigger}
        <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`} fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06z" clipRule="evenodd" />
        </svg>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className={`absolute top-full z-50 mt-2 min-w-56 rounded-xl border border-line bg-surface p-1.5 shadow-xl ring-1 ring-black/5 motion-safe:animate-[menu-in_120ms_ease-out] ${align === "end" ? "right-0" : "left-0"}`}
        >
          {header ? <div className="border-b border-line px-3 pt-1.5 pb-2.5 mb-1">{header}</div> : null}
          {items.map((item) =>
            item.kind === "action" ? (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => {
                  close(false);
                  item.onSelect();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            ) : (
              <Link key={item.to} to={item.to} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => close(false)}>
                {item.icon}
                {item.label}
              </Link>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
