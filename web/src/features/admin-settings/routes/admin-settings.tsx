import { LoadErrorAlert } from "@/components/load-error-alert";
import { ConflictGuard, conflictFields } from "@/components/ui/conflict-prompt";
import type { SiteSettings, SiteSettingsDto } from "@schemas/settings";
import { ProtectedRoute } from "@/components/protected-route";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useToast } from "@/lib/toast";
import { useConflictSave } from "@/lib/use-conflict-save";
import { useSiteSettingsAdmin } from "@/features/admin-settings/api/get-site-settings";
import { saveSiteSettings } from "@/features/admin-settings/api/save-site-settings";
import { SettingsForm } from "@/features/admin-settings/components/settings-form";

export const LOAD_FAILED = "Failed to load settings";
export const SAVED = "Settings saved successfully";

/** The settings as the conflict prompt lists them, in the form's order. */
const SETTINGS_FIELDS = [
  { key: "siteName", label: "Site name" },
  { key: "siteDescription", label: "Site description" },
  { key: "enableComments", label: "Enable comments" },
  { key: "moderateComments", label: "Moderate comments" },
  { key: "enableRegistration", label: "Enable registration" },
  { key: "requireEmailVerification", label: "Require email verification" },
  { key: "maxFileUploadSize", label: "Max upload size (MB)" },
  { key: "maintenanceMode", label: "Maintenance mode" },
  { key: "maintenanceMessage", label: "Maintenance message" },
  { key: "imageHosts", label: "Image hosts" },
] as const satisfies readonly { key: keyof SiteSettings; label: string }[];

/** /admin/settings: administrators only. */
export function Component() {
  return (
    <ProtectedRoute requireAdmin>
      <PageHead meta={noindexMeta("Site Settings", "Site options: name, comments, registration, uploads and maintenance.")} />
      <SiteSettingsPage />
    </ProtectedRoute>
  );
}

/**
 * Saves send the version the form was loaded with. When another admin saved in between (409),
 * the form locks and the conflict prompt shows their values: take theirs (the form reloads with
 * them) or keep mine (saved again over theirs).
 */
function SiteSettingsPage() {
  const toast = useToast();
  const { data, error, isLoading, mutate } = useSiteSettingsAdmin();
  const saving = useConflictSave<SiteSettingsDto, SiteSettings>({
    write: async (input, version) => {
      await saveSiteSettings(input, version);
      toast.success(SAVED);
    },
    failMessage: "Failed to save settings",
    // The form is keyed by the version: it reloads with their settings.
    onTakeTheirs: (theirs) => void mutate(theirs, { revalidate: false }),
  });

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
        <ConflictGuard
          saving={saving}
          className=""
          subject="the site settings"
          fields={(c) => conflictFields(SETTINGS_FIELDS, c.mine, c.theirs)}
          keepMineHint="Take theirs loads their settings into the form. Keep mine saves your settings over theirs."
        >
          <SettingsForm key={data.updatedAt ?? "defaults"} initial={data} onSave={async (input) => void (await saving.save(input, data.updatedAt))} />
        </ConflictGuard>
      )}
    </div>
  );
}
