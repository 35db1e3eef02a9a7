import { useState } from "react";
import { Link } from "react-router";
import { loginSchema } from "@schemas/auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordInput } from "@/components/ui/password-input";
import { TextField } from "@/components/ui/text-field";
import { ApiRequestError, serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { useSession } from "@/lib/session";
import { useToast } from "@/lib/toast";
import { signInRequest } from "@/features/auth/api/sign-in";
import { paths } from "@shared/paths";

export const LOGIN_FAILED = "Login failed. Please try again.";
export const LOCKED_NOTICE =
  "Your account has been temporarily locked due to multiple failed login attempts. Please try again in 15 minutes.";
/** A sign-in failure notification lasts 5000 ms. */
const FAILURE_TOAST_MS = 5000;

/** The server's message, else the spec's fallback. */
function failureMessage(error: unknown): string {
  return serverReason(error, LOGIN_FAILED);
}

/**
 * Email + password sign-in, checked with the server's schema first. On success the session is
 * stored; the page then leaves /login.
 */
export function LoginForm() {
  const { signIn } = useSession();
  const toast = useToast();
  const form = useZodForm(loginSchema, { initialValues: { email: "", password: "" } });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; locked: boolean } | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    setPending(true);
    try {
      const res = await signInRequest(body);
      signIn(res.token, res.user);
    } catch (err) {
      form.showServerErrors(err);
      const message = failureMessage(err);
      setError({ message, locked: err instanceof ApiRequestError && err.code === "account_locked" });
      toast.error(message, { duration: FAILURE_TOAST_MS });
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error ? (
        <Alert title="Sign In Failed">
          <p>{error.message}</p>
          {error.locked ? <p className="mt-2">{LOCKED_NOTICE}</p> : null}
        </Alert>
      ) : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...form.field("email")}
      />
      <div>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.field("password")}
        />
        <p className="mt-2 text-right text-sm">
          {/* The address typed so far goes along, so it need not be typed again. */}
          <Link
            to={paths.forgotPassword()}
            state={{ email: form.values.email }}
            className="inline-block py-0.5 font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
          >
            Forgot password?
          </Link>
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing In..." : "Sign In"}
      </Button>
    </form>
  );
}
