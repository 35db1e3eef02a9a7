import type { ReactNode } from "react";
import { ProtectedRoute } from "@/components/protected-route";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { Alert } from "@/components/ui/alert";
import { useSession } from "@/lib/session";

export const ACCESS_DENIED_TEXT = "Access denied. Admin or Moderator role required.";

/**
 * The game-assets pages (the editor grid, the faction edit page): guests go to sign-in, signed-in
 * users without the Moderator or Admin role see the access-denied text. The API refuses them too.
 */
export function ModeratorGuard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ProtectedRoute>
      <Denied title={title}>{children}</Denied>
    </ProtectedRoute>
  );
}

function Denied({ title, children }: { title: string; children: ReactNode }) {
  const { isModerator } = useSession();
  if (isModerator) return children;
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <PageHead meta={noindexMeta(title, "Game assets editor.")} />
      <Alert className="text-lg font-semibold">{ACCESS_DENIED_TEXT}</Alert>
    </div>
  );
}
