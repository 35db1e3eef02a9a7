import { useId, useRef, useState, type FormEvent } from "react";
import { changePasswordFormSchema } from "@schemas/auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { PasswordInput } from "@/components/ui/password-input";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { changePasswordRequest } from "@/features/profile/api/change-password";
import { usePasswordAttempts } from "@/features/profile/password-attempts";

export const CHANGE_PASSWORD_FAILED = "Failed to change password";

const EMPTY = { currentPassword: "", newPassword: "", confirmNewPassword: "" };

type Props = { open: boolean; onClose(): void; onChanged(): void };

/**
 * The change-password dialog. The fields are checked with the server's schema and each problem
 * shows under its field; a refusal from the server (a wrong current password) shows the same
 * way. Each server failure counts; the third blocks the form until the page is refreshed.
 */
export function ChangePasswordDialog({ open, onClose, onChanged }: Props) {
  const formId = useId();
  const currentRef = useRef<HTMLInputElement>(null);
  const form = useZodForm(changePasswordFormSchema, { initialValues: EMPTY });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const attempts = usePasswordAttempts();

  function close() {
    form.reset();
    setError(null);
    attempts.reset();
    onClose();
  }

  const field = (name: keyof typeof EMPTY) => ({ ...form.field(name), disabled: attempts.blocked || pending });

  const submit = form.handleSubmit(async (body) => {
    setPending(true);
    try {
      await changePasswordRequest({ currentPassword: body.currentPassword, newPassword: body.newPassword });
      form.reset();
      attempts.reset();
      onChanged();
    } catch (err) {
      if (!form.showServerErrors(err)) {
        setError(serverReason(err, CHANGE_PASSWORD_FAILED));
      }
      attempts.recordFailure();
    } finally {
      setPending(false);
    }
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (attempts.blocked) return event.preventDefault();
    setError(null);
    void submit(event);
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Change Password"
      size="sm"
      closeLabel="Close"
      initialFocus={currentRef}
      footer={
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={attempts.blocked || pending}>
            {pending ? "Changing..." : "Change Password"}
          </Button>
        </DialogActions>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {error || attempts.notice ? (
          <Alert>
            {error && !attempts.blocked ? <p>{error}</p> : null}
            {attempts.notice ? <p className={error && !attempts.blocked ? "mt-1 font-semibold" : "font-semibold"}>{attempts.notice}</p> : null}
          </Alert>
        ) : null}
        <PasswordInput label="Current password" autoComplete="current-password" {...field("currentPassword")} ref={currentRef} />
        <PasswordInput label="New password" autoComplete="new-password" {...field("newPassword")} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" {...field("confirmNewPassword")} />
      </form>
    </Dialog>
  );
}
