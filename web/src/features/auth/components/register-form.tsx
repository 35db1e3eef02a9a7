import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordInput } from "@/components/ui/password-input";
import { TextField } from "@/components/ui/text-field";
import { useSession } from "@/lib/session";
import { registerRequest, RegistrationError } from "@/features/auth/api/register";
import { REGISTRATION_FAILED, registrationClientProblems, type RegisterForm as Form } from "@/features/auth/registration-problems";
import { PasswordChecklist } from "./password-checklist";

const EMPTY: Form = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };

/** Registration: all client problems are listed together; success signs in (the page then leaves). */
export function RegisterForm() {
  const { signIn } = useSession();
  const checklistId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [problems, setProblems] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  const field = (name: keyof Form) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = registrationClientProblems(form);
    setProblems(found);
    if (found.length) return;
    setPending(true);
    try {
      const res = await registerRequest({
        email: form.email.trim(),
        password: form.password,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
      });
      signIn(res.token, res.user);
    } catch (err) {
      setProblems(err instanceof RegistrationError ? err.problems : [REGISTRATION_FAILED]);
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
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
        <TextField label="First name" autoComplete="given-name" required {...field("firstName")} />
        <TextField label="Last name" autoComplete="family-name" required {...field("lastName")} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" required {...field("email")} />
      <div>
        <PasswordInput label="Password" autoComplete="new-password" required describedBy={checklistId} {...field("password")} />
        <PasswordChecklist id={checklistId} password={form.password} />
      </div>
      <PasswordInput label="Confirm password" autoComplete="new-password" required {...field("confirmPassword")} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating Account..." : "Create Account"}
      </Button>
    </form>
  );
}
