import { useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiRequestError } from "@/lib/api-client";
import { changePasswordRequest } from "@/features/profile/api/change-password";
import { changePasswordProblem, type ChangePasswordForm } from "@/features/profile/change-password-rules";
import { usePasswordAttempts } from "@/features/profile/password-attempts";

const EMPTY: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmNewPassword: "" };

type Props = { open: boolean; onClose(): void; onChanged(): void };

/**
 * The change-password dialog (the shared Dialog: focus trapped, Escape closes, focus returns).
 * Client rules first; each server failure counts, the third blocks until the page is refreshed.
 */
export function ChangePasswordDialog({ open, onClose, onChanged }: Props) {
  const formId = useId();
  const currentRef = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<ChangePasswordForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const attempts = usePasswordAttempts();

  function close() {
    setForm(EMPTY);
    setError(null);
    attempts.reset();
    onClose();
  }

  const field = (name: keyof ChangePasswordForm) => ({
    name,
    value: form[name],
    disabled: attempts.blocked || pending,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (attempts.blocked) return;
    const problem = changePasswordProblem(form);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await changePasswordRequest({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      setForm(EMPTY);
      attempts.reset();
      onChanged();
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status !== 0 ? err.message : "Failed to change password");
      attempts.recordFailure();
    } finally {
      setPending(false);
    }
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
        <PasswordInput ref={currentRef} label="Current password" autoComplete="current-password" {...field("currentPassword")} />
        <PasswordInput label="New password" autoComplete="new-password" {...field("newPassword")} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" {...field("confirmNewPassword")} />
      </form>
    </Dialog>
  );
}
