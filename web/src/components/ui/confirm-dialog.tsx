import { useRef, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogActions } from "./dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  /** The question, e.g. `Are you sure you want to delete "Patch day"?`. */
  message: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** `danger` for destructive actions (the default). */
  tone?: "danger" | "primary";
  /** While true both buttons are disabled and the dialog cannot be dismissed. */
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
};

/**
 * The one way to ask "are you sure?": a small centered Dialog with the question, Cancel (focused
 * first, so Enter never destroys by accident) and the confirm button.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      dismissible={!pending}
      initialFocus={cancelRef}
      footer={
        <DialogActions>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={pending}>
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </DialogActions>
      }
    >
      {typeof message === "string" ? <p>{message}</p> : message}
    </Dialog>
  );
}
