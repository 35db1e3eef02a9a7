import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * The question before leaving a form with unsaved changes (web/src/lib/leave-guard.ts). Its own
 * chunk: only editors need it, and they have loaded the dialog's code already.
 */
export default function LeaveDialog({ onLeave, onStay }: { onLeave(): void; onStay(): void }) {
  return (
    <ConfirmDialog
      open
      title="Unsaved changes"
      message="You have unsaved changes. Leave this page and discard them?"
      confirmLabel="Discard changes"
      cancelLabel="Stay"
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
