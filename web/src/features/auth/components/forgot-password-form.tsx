import { useState } from "react";
import { Link } from "react-router";
import { forgotPasswordSchema, RESET_REQUESTED } from "@schemas/auth";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { forgotPasswordRequest } from "@/features/auth/api/forgot-password";
import { paths } from "@shared/paths";

const failure = (err: unknown) => serverReason(err, "Failed to connect to server");

/**
 * The e-mail field of /forgot-password. The answer is the same whether or not the address has an
 * account: "If an account exists for that address, we've sent a link."
 */
export function ForgotPasswordForm({ initialEmail = "" }: { initialEmail?: string }) {
  const form = useZodForm(forgotPasswordSchema, { initialValues: { email: initialEmail } });
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    setError(null);
    try {
      await forgotPasswordRequest(body);
      setSentTo(body.email);
    } catch (err) {
      if (!form.showServerErrors(err)) setError(failure(err));
    } finally {
      setPending(false);
    }
  });

  if (sentTo) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title={RESET_REQUESTED}>
          <p>The link works once, for one hour. Nothing there? Look in your spam folder, or ask again in a few minutes.</p>
        </Alert>
        <Link to={paths.login()} className={buttonClass({ variant: "secondary", className: "w-full" })}>
          Back to Sign In
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error ? <Alert title="The link was not sent">{error}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending..." : "Send Reset Link"}
      </Button>
    </form>
  );
}
