import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { CloseIcon } from "@/components/ui/icons";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiRequestError } from "@/lib/api-client";
import { changePasswordRequest } from "@/features/profile/api/change-password";
import { changePasswordProblem, type ChangePasswordForm } from "@/features/profile/change-password-rules";
import { usePasswordAttempts } from "@/features/profile/password-attempts";

const EMPTY: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmNewPassword: "" };

type Props = { open: boolean; onClose(): void; onChanged(): void };

/**
 * The change-password dialog (a native modal <dialog>: focus is trapped, Escape closes).
 * Client rules first; each server failure counts, the third blocks until the page is refreshed.
 */
export function ChangePasswordDialog({ open, onClose, onChanged }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<ChangePasswordForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const attempts = usePasswordAttempts();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);

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
    <dialog
      ref={ref}
      aria-labelledby="change-password-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id="change-password-title" className="font-display text-xl font-bold">
              Change Password
            </h2>
            <IconButton onClick={close} label="Close" size="sm" tone="muted" className="-m-1">
              <CloseIcon />
            </IconButton>
          </div>
          {error || attempts.notice ? (
            <Alert>
              {error && !attempts.blocked ? <p>{error}</p> : null}
              {attempts.notice ? <p className={error && !attempts.blocked ? "mt-1 font-semibold" : "font-semibold"}>{attempts.notice}</p> : null}
            </Alert>
          ) : null}
          <PasswordInput label="Current password" autoComplete="current-password" autoFocus {...field("currentPassword")} />
          <PasswordInput label="New password" autoComplete="new-password" {...field("newPassword")} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" {...field("confirmNewPassword")} />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={attempts.blocked || pending}>
              {pending ? "Changing..." : "Change Password"}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
