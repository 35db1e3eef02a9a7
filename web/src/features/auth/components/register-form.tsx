import { useId, useState } from "react";
import { registerFormSchema } from "@schemas/auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordInput } from "@/components/ui/password-input";
import { TextField } from "@/components/ui/text-field";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { registerRequest } from "@/features/auth/api/register";
import { PasswordChecklist } from "./password-checklist";

export const REGISTRATION_FAILED = "Registration failed. Please try again.";

/** The order problems are listed in: the confirmation first, then the password rules, then the rest. */
const PROBLEM_ORDER = ["confirmPassword", "password", "email", "firstName", "lastName"] as const;

/**
 * Registration, validated with the server's own schema: every problem is listed together under
 * 'Please fix the following issues:' and also shown under its field. Success (202, the same
 * answer for every address) tells the page the address the message went to; nobody is signed in.
 * A refusal shows the server's field errors the same way.
 */
export function RegisterForm({ onRegistered }: { onRegistered?(email: string): void }) {
  const checklistId = useId();
  const form = useZodForm(registerFormSchema, {
    initialValues: { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
    order: PROBLEM_ORDER,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    try {
      const { confirmPassword: _confirm, ...input } = body;
      await registerRequest(input);
      onRegistered?.(input.email);
    } catch (err) {
      if (!form.showServerErrors(err)) {
        setFailure(serverReason(err, REGISTRATION_FAILED));
      }
      setPending(false);
    }
  });

  const problems = failure ? [failure] : form.messages;

  return (
    <form
      onSubmit={(event) => {
        setFailure(null);
        void onSubmit(event);
      }}
      className="space-y-4"
      noValidate
    >
      {problems.length ? (
        <Alert>
          <p className="font-semibold">Please fix the following issues:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" required {...form.field("firstName")} />
        <TextField label="Last name" autoComplete="family-name" required {...form.field("lastName")} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
      <div>
        <PasswordInput label="Password" autoComplete="new-password" required describedBy={checklistId} {...form.field("password")} />
        <PasswordChecklist id={checklistId} password={form.values.password} />
      </div>
      <PasswordInput label="Confirm password" autoComplete="new-password" required {...form.field("confirmPassword")} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating Account..." : "Create Account"}
      </Button>
    </form>
  );
}
