import { useId, useState } from "react";
import { MEDIA_LIMITS, rejectReasonSchema } from "@schemas/media";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { inputClass } from "@/components/ui/text-field";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";

type Props = {
  open: boolean;
  /** What is rejected: `“Title”` or `3 items`. */
  subject: string;
  onCancel(): void;
  /** Sends the rejection; a thrown error is shown in the dialog. */
  onReject(reason: string): Promise<void>;
};

/**
 * Rejecting asks why: the reason is required (its uploader reads it with their upload). The form
 * is validated with the review route's own schema for the reason; every opening starts empty.
 */
export function RejectDialog({ open, subject, onCancel, onReject }: Props) {
  const formId = useId();
  const form = useZodForm(rejectReasonSchema, { initialValues: { reason: "" } });
  const { reset } = form;
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Each opening starts afresh (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      reset();
      setFailure(null);
    }
  }
  const reason = form.field("reason");

  const submit = form.handleSubmit(async ({ reason: text }) => {
    setPending(true);
    setFailure(null);
    try {
      await onReject(text);
    } catch (err) {
      if (!form.showServerErrors(err)) {
        setFailure(serverReason(err, "Failed to update approval status. Please try again."));
      }
    } finally {
      setPending(false);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      dismissible={!pending}
      title={`Reject ${subject}`}
      description="It stays out of the gallery. Its uploader sees your reason."
      size="md"
      footer={
        <DialogActions>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={pending}>
            {pending ? "Rejecting..." : "Reject"}
          </Button>
        </DialogActions>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        {failure ? (
          <Alert className="mb-4" title="Not rejected">
            {failure}
          </Alert>
        ) : null}
        <FormField id={`${formId}-reason`} label="Reason" hint="For example: “Not from the game” or “The same picture as another item”." error={reason.error}>
          {(control) => (
            <textarea
              {...control}
              name={reason.name}
              ref={reason.ref}
              value={reason.value}
              onChange={reason.onChange}
              rows={4}
              maxLength={MEDIA_LIMITS.rejectionReason}
              autoFocus
              className={inputClass}
            />
          )}
        </FormField>
      </form>
    </Dialog>
  );
}
