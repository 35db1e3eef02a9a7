import { ProtectedRoute } from "@/components/protected-route";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { UserManagement } from "@/features/admin-users/components/user-management";

/** /admin/users: administrators only. */
export function Component() {
  return (
    <ProtectedRoute requireAdmin>
      <PageHead meta={noindexMeta("Manage Users", "Administer Realm Codex accounts: roles and status.")} />
      <UserManagement />
    </ProtectedRoute>
  );
}
