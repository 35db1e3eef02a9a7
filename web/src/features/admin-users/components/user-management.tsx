import { useCallback, useState } from "react";
import type { User } from "@schemas/user";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { serverReason } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useToast } from "@/lib/toast";
import { useUserList, type UsersQuery } from "@/features/admin-users/api/list-users";
import { updateUserRolesRequest, updateUserStatusRequest } from "@/features/admin-users/api/update-user";
import { deleteUserRequest } from "@/features/admin-users/api/delete-user";
import { sendPasswordResetMailRequest, sendVerificationMailRequest } from "@/features/admin-users/api/user-mail";
import { Pagination } from "@/components/ui/pagination";
import { UserRow } from "./user-row";
import { UsersSkeleton } from "./users-skeleton";
import { UsersToolbar } from "./users-toolbar";

export const LOAD_FAILED = "Failed to load users";
export const STATUS_FAILED = "Failed to update user status";
export const ROLES_FAILED = "Failed to update user roles";
export const MAIL_FAILED = "Failed to send the e-mail";
export const DELETE_FAILED = "Failed to delete the user";

/** The spec's alert text, followed by the server's reason when there is one. */
const failure = (text: string, err: unknown) => {
  const reason = serverReason(err, "");
  return reason ? `${text}: ${reason}` : text;
};

/** /admin/users: paged list with search, role filter, role checkboxes and activation. */
export function UserManagement() {
  const { user: me, setUser } = useSession();
  const toast = useToast();
  const [query, setQuery] = useState<UsersQuery>({ page: 1, search: "", role: "" });
  // The change being saved: shown at once (optimistic), dropped when the list reloads or it fails.
  const [pending, setPending] = useState<{ id: number; patch: Partial<User> } | null>(null);
  const { data, error, isLoading, mutate } = useUserList(query);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  const onSearch = useCallback((search: string) => setQuery((q) => ({ ...q, search, page: 1 })), []);
  const onRole = useCallback((role: UsersQuery["role"]) => setQuery((q) => ({ ...q, role, page: 1 })), []);

  async function change(user: User, patch: Partial<User>, run: () => Promise<{ user: User }>, failedText: string) {
    setPending({ id: user.id, patch });
    try {
      const res = await run();
      if (res.user.id === me?.id) setUser(res.user);
      await mutate();
    } catch (err) {
      toast.error(failure(failedText, err));
    } finally {
      setPending(null);
    }
  }

  async function sendMail(user: User, kind: "verification" | "reset") {
    try {
      if (kind === "verification") await sendVerificationMailRequest(user.id);
      else await sendPasswordResetMailRequest(user.id);
      toast.success(`${kind === "verification" ? "Verification" : "Password reset"} link sent to ${user.email}.`);
    } catch (err) {
      toast.error(failure(MAIL_FAILED, err));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await deleteUserRequest(deleting.id);
      toast.success(`Deleted ${deleting.displayName}.`);
      setDeleting(null);
    } catch (err) {
      toast.error(failure(DELETE_FAILED, err));
    } finally {
      setDeletePending(false);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Manage Users</h1>
        <p className="mt-1 text-sm text-ink-muted">
          {data ? `${data.totalCount} ${data.totalCount === 1 ? "user" : "users"}` : "Roles and account status of every member."}
        </p>
      </div>
      <UsersToolbar search={query.search} role={query.role} onSearch={onSearch} onRole={onRole} />
      {/* Not overflow-hidden: a row's actions menu opens over the rows below it. */}
      {/* One card per user on phones and tablets; one bordered list from the medium breakpoint up. */}
      <section aria-label="Users" aria-busy={isLoading} className="md:rounded-2xl md:border md:border-line md:bg-surface md:shadow-sm">
        {error && !data ? (
          <LoadErrorAlert className="m-4" title={LOAD_FAILED} error={error} fallback="Check your connection and try again." onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <UsersSkeleton />
        ) : data && data.items.length === 0 ? (
          <div className="px-4 py-12 text-center max-md:rounded-xl max-md:border max-md:border-dashed max-md:border-line">
            <p className="font-semibold text-ink">No users found.</p>
            <p className="mt-1 text-sm text-ink-muted">
              {query.search || query.role ? "Try a different search or role filter." : "Nobody has registered yet."}
            </p>
          </div>
        ) : (
          <ul className="max-md:space-y-3 md:divide-y md:divide-line">
            {data?.items.map((user) => (
              <UserRow
                key={user.id}
                user={pending?.id === user.id ? { ...user, ...pending.patch } : user}
                isSelf={user.id === me?.id}
                busy={pending?.id === user.id}
                onRoles={(u, roles) => void change(u, { roles }, () => updateUserRolesRequest(u.id, roles), ROLES_FAILED)}
                onStatus={(u, isActive) => void change(u, { isActive }, () => updateUserStatusRequest(u.id, isActive), STATUS_FAILED)}
                onSendVerification={(u) => void sendMail(u, "verification")}
                onSendReset={(u) => void sendMail(u, "reset")}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </section>
      {data ? <Pagination page={query.page} totalPages={data.totalPages} onPage={(page) => setQuery((q) => ({ ...q, page }))} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.displayName ?? "this user"}?`}
        message={`${deleting?.displayName ?? "This member"} (${deleting?.email ?? ""}) will be signed out everywhere, and their name, address and password removed. What they wrote stays, shown as by “Deleted member”. This cannot be undone.`}
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        pending={deletePending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
