import { ProtectedRoute } from "@/components/protected-route";
import { PageMeta } from "@/lib/page-meta";
import { ProfilePage } from "@/features/profile/components/profile-page";

/** /profile: login required. */
export function Component() {
  return (
    <ProtectedRoute>
      <PageMeta title="My Profile" description="Your Realm Codex profile, avatar and password." noIndex />
      <ProfilePage />
    </ProtectedRoute>
  );
}
