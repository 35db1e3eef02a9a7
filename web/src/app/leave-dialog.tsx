import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { LeaveQuestion } from "@/lib/leave-guard";

/**
 * The question before leaving a page whose work would be lost (web/src/lib/leave-guard.ts): unsaved
 * changes, uploads on their way. Its own chunk: only editors need it, and they have loaded the
 * dialog's code already.
 */
export default function LeaveDialog({ question, onLeave, onStay }: { question: LeaveQuestion; onLeave(): void; onStay(): void }) {
  return (
    <ConfirmDialog
      open
      title={question.title}
      message={question.message}
      confirmLabel={question.leaveLabel}
      cancelLabel="Stay"
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
