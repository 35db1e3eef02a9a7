import type { User } from "@schemas/user";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, type MenuItem } from "@/components/ui/dropdown-menu";
import { UserAvatar } from "@/components/user-avatar";
import { formatShortDate } from "@/lib/format-date";

const ROLES = ["User", "Moderator", "Admin"] as const;
type Role = (typeof ROLES)[number];

type Props = {
  user: User;
  isSelf: boolean;
  busy: boolean;
  onRoles(user: User, roles: Role[]): void;
  onStatus(user: User, isActive: boolean): void;
  onSendVerification(user: User): void;
  onSendReset(user: User): void;
  onDelete(user: User): void;
};

/**
 * One user: identity, status, whether the address is verified, role checkboxes (User, Moderator,
 * Admin), Deactivate/Activate, and a menu to mail a verification or reset link or delete the user.
 */
export function UserRow({ user, isSelf, busy, onRoles, onStatus, onSendVerification, onSendReset, onDelete }: Props) {
  const actions: MenuItem[] = [
    ...(user.emailConfirmed ? [] : [{ kind: "action" as const, label: "Send verification link", onSelect: () => onSendVerification(user) }]),
    ...(user.isActive ? [{ kind: "action" as const, label: "Send password reset link", onSelect: () => onSendReset(user) }] : []),
    ...(isSelf ? [] : [{ kind: "action" as const, label: "Delete user", onSelect: () => onDelete(user) }]),
  ];
  function toggle(role: Role, checked: boolean) {
    const next = checked ? ROLES.filter((r) => r === role || user.roles.includes(r)) : user.roles.filter((r) => r !== role);
    onRoles(user, next);
  }
  return (
    <li className="flex flex-col gap-4 p-4 max-md:rounded-xl max-md:border max-md:border-line max-md:bg-surface max-md:shadow-sm md:flex-row md:items-center" aria-busy={busy}>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <UserAvatar user={user} size="md" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            <span className="break-words">{user.displayName}</span>
            {isSelf ? <span className="text-xs font-normal text-ink-muted">(you)</span> : null}
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                user.isActive
                  ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200"
                  : "bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200"
              }`}
            >
              {user.isActive ? "Active" : "Inactive"}
            </span>
            {user.emailConfirmed ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
          </p>
          <p className="text-sm break-all text-ink-muted">{user.email}</p>
          <p className="text-xs text-ink-muted">
            Joined {formatShortDate(user.createdAt)}
            {user.lastLoginAt ? ` · Last sign-in ${formatShortDate(user.lastLoginAt)}` : ""}
          </p>
        </div>
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2" disabled={busy}>
        <legend className="sr-only">Roles of {user.displayName}</legend>
        {ROLES.map((role) => {
          const checked = user.roles.includes(role);
          // A user keeps at least one role; an admin cannot drop their own Admin role.
          const locked = (checked && user.roles.length === 1) || (isSelf && role === "Admin");
          return (
            <label key={role} className="inline-flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={checked}
                disabled={locked}
                onChange={(e) => toggle(role, e.target.checked)}
                className="h-4 w-4 rounded border-line accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              />
              {role}
            </label>
          );
        })}
      </fieldset>
      <div className="flex items-center gap-2 md:justify-end">
        <Button
          size="sm"
          variant="secondary"
          className={user.isActive ? "text-red-700 dark:text-red-400" : ""}
          disabled={busy || isSelf}
          title={isSelf ? "You cannot deactivate your own account." : undefined}
          onClick={() => onStatus(user, !user.isActive)}
          aria-label={`${user.isActive ? "Deactivate" : "Activate"} ${user.displayName}`}
        >
          {user.isActive ? "Deactivate" : "Activate"}
        </Button>
        {actions.length ? (
          <DropdownMenu
            trigger={
              <span>
                More<span className="sr-only"> actions for {user.displayName}</span>
              </span>
            }
            items={actions}
            triggerClassName="inline-flex h-8 items-center gap-1 rounded-lg border border-line bg-surface px-3 text-sm font-semibold text-ink shadow-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-55"
          />
        ) : null}
      </div>
    </li>
  );
}
