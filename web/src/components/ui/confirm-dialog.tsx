import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete "Sunrise"?'. */
  message: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  tone?: "danger" | "primary";
  /** While the action runs: buttons disabled, Escape and the backdrop do nothing. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
};

/** An accessible confirmation (instead of window.confirm) on the one Dialog. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Confirm",
  busyLabel = "Working...",
  tone = "danger",
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      dismissible={!busy}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
