import { useId, useState } from "react";
import { resetPasswordFormSchema } from "@schemas/auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiRequestError, serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { resetPasswordRequest } from "@/features/auth/api/reset-password";
import { PasswordChecklist } from "./password-checklist";

type Props = {
  token: string;
  onChanged(): void;
  /** The link stopped working meanwhile (expired, used, unknown): the page shows why. */
  onLinkFailed(error: ApiRequestError): void;
};

const LINK_CODES = new Set(["link_expired", "link_used", "not_found"]);

/** The new password (the registration rules, with the live checklist) and its confirmation. */
export function ResetPasswordForm({ token, onChanged, onLinkFailed }: Props) {
  const checklistId = useId();
  const form = useZodForm(resetPasswordFormSchema, { initialValues: { newPassword: "", confirmPassword: "" } });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setPending(true);
    setError(null);
    try {
      await resetPasswordRequest({ token, newPassword });
      onChanged();
    } catch (err) {
      if (err instanceof ApiRequestError && LINK_CODES.has(err.code)) return onLinkFailed(err);
      if (!form.showServerErrors(err)) setError(serverReason(err, "Failed to connect to server"));
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error ? <Alert title="Password not changed">{error}</Alert> : null}
      <div>
        <PasswordInput label="New password" autoComplete="new-password" required describedBy={checklistId} {...form.field("newPassword")} />
        <PasswordChecklist id={checklistId} password={form.values.newPassword} />
      </div>
      <PasswordInput label="Confirm new password" autoComplete="new-password" required {...form.field("confirmPassword")} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Saving..." : "Set New Password"}
      </Button>
    </form>
  );
}
