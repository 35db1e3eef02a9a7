import { ProtectedRoute } from "@/components/protected-route";
import { PageMeta } from "@/lib/page-meta";
import { UserManagement } from "@/features/admin-users/components/user-management";

/** /admin/users: administrators only. */
export function Component() {
  return (
    <ProtectedRoute requireAdmin>
      <PageMeta title="Manage Users" description="Administer Realm Codex accounts: roles and status." noIndex />
      <UserManagement />
    </ProtectedRoute>
  );
}
