import type { ReactNode } from "react";
import type { User } from "@schemas/user";
import { TextField } from "@/components/ui/text-field";
import { EmailStatus } from "./email-status";

/** Props of an editable text field: name, value, onChange and its error. */
type FieldProps = { name: string; value: string; onChange(event: { target: { value: string } }): void; error?: string };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="mt-1 text-sm break-words text-ink sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/**
 * First and last name, email (with Verified / Not verified) and user id: text in view mode,
 * inputs (names only) in edit mode.
 */
export function ProfileDetails({ user, fields }: { user: User; fields: { firstName: FieldProps; lastName: FieldProps } | null }) {
  if (fields) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...fields.firstName} />
        <TextField label="Last name" autoComplete="family-name" {...fields.lastName} />
        <TextField label="Email" name="email" type="email" value={user.email} disabled readOnly hint="Email cannot be changed." className="sm:col-span-2" />
        <TextField label="User ID" name="userId" value={String(user.id)} disabled readOnly className="sm:col-span-2" />
      </div>
    );
  }
  return (
    <dl className="divide-y divide-line">
      <Row label="First name">{user.firstName || "—"}</Row>
      <Row label="Last name">{user.lastName || "—"}</Row>
      <Row label="Email">
        <EmailStatus user={user} />
      </Row>
      <Row label="User ID">
        <span className="font-mono">{user.id}</span>
      </Row>
    </dl>
  );
}
