import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { IconButton } from "@/components/ui/icon-button";
import { CloseIcon } from "@/components/ui/icons";

export type ToastType = "success" | "error" | "warning" | "info";

/** A notification: id, type, message; it disappears by itself. */
export type Toast = { id: number; type: ToastType; message: string; duration: number };

/** Lifetimes: errors 8000 ms, everything else 5000 ms. */
export const TOAST_DURATION: Record<ToastType, number> = { error: 8000, success: 5000, warning: 5000, info: 5000 };

type ToastOptions = { /** Overrides the type's lifetime, e.g. a sign-in failure lasts 5000 ms. */ duration?: number };

export type ToastApi = {
  show(type: ToastType, message: string, options?: ToastOptions): number;
  success(message: string, options?: ToastOptions): number;
  error(message: string, options?: ToastOptions): number;
  warning(message: string, options?: ToastOptions): number;
  info(message: string, options?: ToastOptions): number;
  dismiss(id: number): void;
};

const ToastApiContext = createContext<ToastApi | null>(null);

/** Holds the notifications and renders them top-right (aria-live). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((type: ToastType, message: string, options?: ToastOptions) => {
    const id = nextId.current++;
    const duration = options?.duration ?? TOAST_DURATION[type];
    // At most 5 on screen: the oldest make room.
    setToasts((list) => [...list.slice(-4), { id, type, message, duration }]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (m, o) => show("success", m, o),
      error: (m, o) => show("error", m, o),
      warning: (m, o) => show("warning", m, o),
      info: (m, o) => show("info", m, o),
    }),
    [show, dismiss],
  );

  return (
    <ToastApiContext value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastApiContext>
  );
}

/** Shows notifications: `const toast = useToast(); toast.success("Saved")`. */
export function useToast(): ToastApi {
  const api = use(ToastApiContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

const styles: Record<ToastType, { box: string; icon: string; label: string }> = {
  success: {
    box: "border-emerald-600/40 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
    icon: "M8 12.5l2.5 2.5L16 9.5M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z",
    label: "Success",
  },
  error: {
    box: "border-red-600/40 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
    icon: "M12 7.5v5.5m0 3.5v.5M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z",
    label: "Error",
  },
  warning: {
    box: "border-amber-600/40 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
    icon: "M12 8v5m0 3.5v.5M10.3 3.9L2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
    label: "Warning",
  },
  info: {
    box: "border-sky-600/40 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50",
    icon: "M12 11v5.5m0-9v.5M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z",
    label: "Info",
  },
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDismiss]);

  const style = styles[toast.type];
  // The live role sits inside the list item: a list's children must stay list items.
  return (
    <li className="pointer-events-auto">
      <div
        role={toast.type === "error" ? "alert" : "status"}
        data-toast-type={toast.type}
        className={`flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg motion-safe:animate-[toast-in_200ms_ease-out] ${style.box}`}
      >
        <svg viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={style.icon} />
        </svg>
        <p className="flex-1 text-sm font-medium break-words">
          <span className="sr-only">{style.label}: </span>
          {toast.message}
        </p>
        <IconButton onClick={() => onDismiss(toast.id)} label="Close notification" size="xs" tone="inherit" className="-m-1">
          <CloseIcon />
        </IconButton>
      </div>
    </li>
  );
}

function Toaster({ toasts, onDismiss }: { toasts: readonly Toast[]; onDismiss(id: number): void }) {
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed top-4 right-4 z-[60] w-[min(24rem,calc(100vw-2rem))]">
      <ol aria-live="polite" aria-relevant="additions" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </ol>
    </section>
  );
}
