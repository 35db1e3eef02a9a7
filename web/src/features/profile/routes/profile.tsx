import { ProtectedRoute } from "@/components/protected-route";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { ProfilePage } from "@/features/profile/components/profile-page";

/** /profile: login required. */
export function Component() {
  return (
    <ProtectedRoute>
      <PageHead meta={noindexMeta("My Profile", "Your Realm Codex profile, avatar and password.")} />
      <ProfilePage />
    </ProtectedRoute>
  );
}
