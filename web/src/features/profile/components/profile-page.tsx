import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { profileSchema } from "@schemas/auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { UserAvatar } from "@/components/user-avatar";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { useSession } from "@/lib/session";
import { useToast } from "@/lib/toast";
import { updateProfileRequest } from "@/features/profile/api/update-profile";
import { AvatarPicker } from "./avatar-picker";
import { ChangePasswordDialog } from "./change-password-dialog";
import { CommunityStats } from "./community-stats";
import { YourUploadsSection } from "./your-uploads-section";
import { useAccountStats } from "@/features/profile/api/get-account-stats";
import { ProfileDetails } from "./profile-details";
import { SessionsSection } from "./sessions-section";
import { YourDataSection } from "./your-data-section";
import { paths } from "@shared/paths";

export const PROFILE_SAVE_FAILED = "Failed to update profile";
export const NO_USER = "Unable to load user profile.";
export const PASSWORD_CHANGED = "Password changed successfully! You will be signed out of all other devices.";
/** The success banner times out after 5000 ms. */
const BANNER_MS = 5000;

/** /profile's content: view and edit modes, avatar picker in edit mode only. */
export function ProfilePage() {
  const { user, setUser, signOut, isModerator } = useSession();
  const stats = useAccountStats();
  const navigate = useNavigate();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const form = useZodForm(profileSchema, { initialValues: { firstName: "", lastName: "", profilePictureUrl: "" } });
  const [pickerOpen, setPickerOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [banner, setBanner] = useState(false);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(false), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  if (!user) return <Alert className="mx-auto my-10 max-w-xl">{NO_USER}</Alert>;

  const picture = form.values.profilePictureUrl ?? "";
  const shown = editing ? { ...user, profilePictureUrl: picture || null } : user;

  function startEdit() {
    form.reset({ firstName: user!.firstName, lastName: user!.lastName, profilePictureUrl: user!.profilePictureUrl ?? "" });
    setEditing(true);
    setSaveError(null);
  }
  function cancel() {
    setEditing(false);
    setPickerOpen(false);
    setSaveError(null);
  }
  async function save() {
    setSaveError(null);
    const body = form.validate();
    if (!body) return;
    setSaving(true);
    try {
      // An empty avatar sends no picture value (the stored one is kept).
      const { profilePictureUrl, ...names } = body;
      const res = await updateProfileRequest({ ...names, ...(profilePictureUrl ? { profilePictureUrl } : {}) });
      setUser(res.user);
      setEditing(false);
      setPickerOpen(false);
      toast.success("Profile updated successfully");
    } catch (err) {
      if (!form.showServerErrors(err)) {
        setSaveError(serverReason(err, PROFILE_SAVE_FAILED));
      }
    } finally {
      setSaving(false);
    }
  }
  async function onSignOut() {
    await signOut();
    await navigate(paths.home());
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:py-12">
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink">My Profile</h1>
      {banner ? <Alert tone="success">{PASSWORD_CHANGED}</Alert> : null}
      {saveError ? <Alert title="Profile not saved">{saveError}</Alert> : null}

      <section className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left">
          <UserAvatar user={shown} size="xl" alt={`${user.displayName}'s avatar`} />
          <div className="min-w-0 flex-1">
            <p className="font-display text-2xl font-bold break-words text-ink">{user.displayName}</p>
            <p className="text-sm break-all text-ink-muted">{user.email}</p>
            <ul aria-label="Roles" className="mt-2 flex flex-wrap justify-center gap-1.5 sm:justify-start">
              {user.roles.map((role) => (
                <li key={role} className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900/60 dark:text-brand-200">
                  {role}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-wrap justify-center gap-2 sm:flex-col sm:items-stretch">
            {editing ? (
              <>
                <Button onClick={save} disabled={saving}>
                  {saving ? "Saving..." : "Save Changes"}
                </Button>
                <Button variant="secondary" onClick={cancel} disabled={saving}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button onClick={startEdit}>Edit Profile</Button>
            )}
            <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
              Change Password
            </Button>
            <Button variant="ghost" onClick={onSignOut}>
              Sign Out
            </Button>
          </div>
        </div>

        {editing ? (
          <div className="mt-6">
            <Button variant="secondary" size="sm" aria-expanded={pickerOpen} aria-controls="avatar-picker" onClick={() => setPickerOpen((o) => !o)}>
              {pickerOpen ? "Hide Avatars" : "Choose Avatar"}
            </Button>
            {pickerOpen ? (
              <div id="avatar-picker" className="mt-3">
                <AvatarPicker value={picture} onChange={(path) => form.setValue("profilePictureUrl", path)} />
              </div>
            ) : null}
          </div>
        ) : null}

        <div className="mt-6 border-t border-line pt-4">
          <ProfileDetails
            user={user}
            fields={editing ? { firstName: form.field("firstName"), lastName: form.field("lastName") } : null}
          />
          {editing && form.errors.profilePictureUrl ? (
            <p className="mt-2 text-sm text-red-700 dark:text-red-400">{form.errors.profilePictureUrl[0]}</p>
          ) : null}
        </div>
      </section>

      <SessionsSection />

      <CommunityStats stats={stats} />

      {/* Uploaders see where their items are in moderation. */}
      {stats.data && stats.data.mediaUploaded > 0 ? <YourUploadsSection canManage={isModerator} /> : null}

      <YourDataSection userId={user.id} />

      <ChangePasswordDialog
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        onChanged={() => {
          setPasswordOpen(false);
          setBanner(true);
        }}
      />
    </div>
  );
}
