import { LoadErrorAlert } from "@/components/load-error-alert";
import { ProtectedRoute } from "@/components/protected-route";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useToast } from "@/lib/toast";
import { useSiteSettingsAdmin } from "@/features/admin-settings/api/get-site-settings";
import { saveSiteSettings } from "@/features/admin-settings/api/save-site-settings";
import { SettingsForm } from "@/features/admin-settings/components/settings-form";

export const LOAD_FAILED = "Failed to load settings";
export const SAVED = "Settings saved successfully";

/** /admin/settings: administrators only. */
export function Component() {
  return (
    <ProtectedRoute requireAdmin>
      <PageHead meta={noindexMeta("Site Settings", "Site options: name, comments, registration, uploads and maintenance.")} />
      <SiteSettingsPage />
    </ProtectedRoute>
  );
}

function SiteSettingsPage() {
  const toast = useToast();
  const { data, error, isLoading, mutate } = useSiteSettingsAdmin();

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Site Settings</h1>
        <p className="mt-1 text-sm text-ink-muted">Changes apply to the whole site within a few seconds of saving.</p>
      </div>
      {error && !data ? (
        <LoadErrorAlert title={LOAD_FAILED} error={error} fallback="Check your connection and try again." onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingRegion label="Loading settings..." className="space-y-6">
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-4 rounded-2xl border border-line bg-surface p-5">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))}
        </LoadingRegion>
      ) : (
        <SettingsForm
          key={data.updatedAt ?? "defaults"}
          initial={data}
          onSave={async (input) => {
            await saveSiteSettings(input);
            toast.success(SAVED);
          }}
        />
      )}
    </div>
  );
}
