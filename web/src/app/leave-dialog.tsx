import { lazy, Suspense } from "react";
import { useBlocker } from "react-router";
import { leaveNeedsConfirmation, leaveQuestion } from "@/lib/leave-guard";

// Its own chunk: only pages with work to lose need it, and they have loaded the dialog's code already.
const ConfirmDialog = lazy(() => import("@/components/ui/confirm-dialog").then((m) => ({ default: m.ConfirmDialog })));

/**
 * Holds a navigation to another path (a link, `navigate()`, back or forward) while a page has
 * work that leaving would lose (web/src/lib/leave-guard.ts), with react-router's `useBlocker`, and
 * asks the page's question: the leave button lets the navigation go on, "Stay" cancels it.
 */
export function LeaveGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => leaveNeedsConfirmation() && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== "blocked") return null;
  const question = leaveQuestion();
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        title={question.title}
        message={question.message}
        confirmLabel={question.leaveLabel}
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed()}
        onCancel={() => blocker.reset()}
      />
    </Suspense>
  );
}
