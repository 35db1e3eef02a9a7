import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { deleteAccountSchema } from "@schemas/account";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { PasswordInput } from "@/components/ui/password-input";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { useSession } from "@/lib/session";
import { useToast } from "@/lib/toast";
import { deleteAccountRequest } from "@/features/profile/api/delete-account";
import { paths } from "@shared/paths";

export const ACCOUNT_DELETED = "Your account was deleted.";

/** Deleting the account, confirmed with the password. Success signs out here and goes home. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const formId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const { forget } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const form = useZodForm(deleteAccountSchema, { initialValues: { password: "" } });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    if (pending) return;
    form.reset();
    setError(null);
    onClose();
  }

  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    setError(null);
    try {
      await deleteAccountRequest(body);
      forget();
      toast.success(ACCOUNT_DELETED);
      await navigate(paths.home());
    } catch (err) {
      if (!form.showServerErrors(err)) setError(serverReason(err, "Failed to connect to server"));
      setPending(false);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Delete Your Account?"
      size="sm"
      closeLabel="Close"
      dismissible={!pending}
      initialFocus={passwordRef}
      footer={
        <DialogActions>
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={pending}>
            {pending ? "Deleting..." : "Delete My Account"}
          </Button>
        </DialogActions>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4 text-sm text-ink">
        <p>
          This cannot be undone. You will be signed out everywhere, and your name, address, picture and password are removed. What you wrote
          stays on the site, shown as by &ldquo;Deleted member&rdquo;.
        </p>
        {error ? <Alert>{error}</Alert> : null}
        <PasswordInput label="Password" autoComplete="current-password" {...form.field("password")} ref={passwordRef} />
      </form>
    </Dialog>
  );
}
