import { useId, useState, type ReactNode } from "react";
import { z } from "zod";
import {
  MAINTENANCE_MESSAGE_MAX,
  MAX_UPLOAD_MB_MAX,
  MAX_UPLOAD_MB_MIN,
  SITE_DESCRIPTION_MAX,
  SITE_NAME_MAX,
  imageHostsSchema,
  siteSettingsSchema,
  type SiteSettings,
} from "@schemas/settings";
import { IMAGE_HOSTS_MAX } from "@shared/image-source";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { inputClass } from "@/components/ui/text-field";
import { serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { useLeaveGuard } from "@/lib/leave-guard";

/** The form's state: every setting, the upload size as typed text, the image hosts one a line. */
export type SettingsFormState = Omit<SiteSettings, "maxFileUploadSize" | "imageHosts"> & { maxFileUploadSize: string; imageHosts: string };


export const toFormState = (s: SiteSettings): SettingsFormState => ({
  siteName: s.siteName,
  siteDescription: s.siteDescription,
  enableComments: s.enableComments,
  moderateComments: s.moderateComments,
  enableRegistration: s.enableRegistration,
  requireEmailVerification: s.requireEmailVerification,
  maxFileUploadSize: String(s.maxFileUploadSize),
  maintenanceMode: s.maintenanceMode,
  maintenanceMessage: s.maintenanceMessage,
  imageHosts: s.imageHosts.join("\n"),
});

/**
 * The API's schema over the form's state: the upload size is typed as text and must be a whole
 * number (anything else gets the API's own message).
 */
export const settingsFormSchema = siteSettingsSchema.extend({
  maxFileUploadSize: z
    .string()
    .transform((text) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN))
    .pipe(siteSettingsSchema.shape.maxFileUploadSize),
  imageHosts: z
    .string()
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(imageHostsSchema),
});

/** Field order: the first field in error gets the focus. */
const ORDER = [
  "siteName",
  "siteDescription",
  "enableComments",
  "moderateComments",
  "enableRegistration",
  "requireEmailVerification",
  "maxFileUploadSize",
  "maintenanceMode",
  "maintenanceMessage",
  "imageHosts",
] as const satisfies readonly (keyof SettingsFormState)[];

type Props = {
  initial: SiteSettings;
  onSave(input: SiteSettings): Promise<void>;
};

/**
 * The site settings form: Save and Reset appear only after a change; the maintenance
 * message shows only while maintenance mode is on; moderate comments is disabled while comments
 * are off; the upload size is a whole number from 1 to 100 (MB).
 */
export function SettingsForm({ initial, onSave }: Props) {
  const id = useId();
  /** The settings as last loaded or saved: Reset goes back to them. */
  const [saved, setSaved] = useState(() => toFormState(initial));
  const form = useZodForm(settingsFormSchema, { initialValues: saved, order: ORDER });
  const { values: state, setValue: set, errors, dirty } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useLeaveGuard(dirty);

  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    setSaving(true);
    try {
      await onSave(input);
      const next = toFormState(input);
      setSaved(next);
      form.reset(next);
    } catch (err) {
      form.showServerErrors(err);
      setFormError(serverReason(err, "Failed to save settings"));
    } finally {
      setSaving(false);
    }
  });

  const reset = () => {
    form.reset(saved);
    setFormError(null);
  };

  const errorId = (key: keyof SiteSettings) => `${id}-${key}-error`;
  const fieldProps = (key: keyof SiteSettings) => ({
    id: `${id}-${key}`,
    name: key,
    "aria-invalid": errors[key]?.[0] ? true : undefined,
    "aria-describedby": errors[key]?.[0] ? errorId(key) : `${id}-${key}-hint`,
  });
  const fieldError = (key: keyof SiteSettings) =>
    errors[key]?.[0] ? (
      <p id={errorId(key)} className="mt-1 text-sm text-red-700 dark:text-red-400">
        {errors[key]?.[0]}
      </p>
    ) : null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6" aria-label="Site settings">
      {formError ? <Alert title="Settings were not saved">{formError}</Alert> : null}

      <Section title="General" description="How the site names and describes itself in titles, search results and feeds.">
        <div>
          <label htmlFor={`${id}-siteName`} className="mb-1 block text-sm font-medium text-ink">
            Site Name
          </label>
          <input
            {...fieldProps("siteName")}
            type="text"
            className={inputClass}
            maxLength={SITE_NAME_MAX}
            value={state.siteName}
            onChange={(e) => set("siteName", e.target.value)}
          />
          <Hint id={`${id}-siteName-hint`}>Shown in every page title, e.g. “Latest News | {state.siteName || "Site Name"}”.</Hint>
          {fieldError("siteName")}
        </div>
        <div>
          <label htmlFor={`${id}-siteDescription`} className="mb-1 block text-sm font-medium text-ink">
            Site Description
          </label>
          <textarea
            {...fieldProps("siteDescription")}
            rows={3}
            className={inputClass}
            maxLength={SITE_DESCRIPTION_MAX}
            value={state.siteDescription}
            onChange={(e) => set("siteDescription", e.target.value)}
          />
          <Hint id={`${id}-siteDescription-hint`}>Used for the home page and the news feed in search results and link previews.</Hint>
          {fieldError("siteDescription")}
        </div>
      </Section>

      <Section title="Comments" description="The comment sections under news articles and the community forum.">
        <Toggle
          id={`${id}-enableComments`}
          label="Enable Comments"
          hint="When off, comment sections and the forum discussion are hidden and comment sign-in is refused."
          checked={state.enableComments}
          onChange={(v) => set("enableComments", v)}
        />
        {/* The site cannot hold comments back: FastComments decides (docs/decisions/0028-comment-approval.md). */}
        <Toggle
          id={`${id}-moderateComments`}
          label={MODERATE_COMMENTS_LABEL}
          hint={state.enableComments ? MODERATE_COMMENTS_HINT : "Turn comments on to change this."}
          checked={state.moderateComments}
          disabled={!state.enableComments}
          onChange={(v) => set("moderateComments", v)}
        />
      </Section>

      <Section title="Accounts" description="Who can join and what new members must do first.">
        <Toggle
          id={`${id}-enableRegistration`}
          label="Enable Registration"
          hint="When off, the Sign Up links are hidden and new accounts are refused."
          checked={state.enableRegistration}
          onChange={(v) => set("enableRegistration", v)}
        />
        <Toggle
          id={`${id}-requireEmailVerification`}
          label="Require Email Verification"
          hint="New members must confirm their e-mail address before they can comment."
          checked={state.requireEmailVerification}
          onChange={(v) => set("requireEmailVerification", v)}
        />
      </Section>

      <Section title="Uploads" description="Limits for media that moderators upload.">
        <div className="max-w-xs">
          <label htmlFor={`${id}-maxFileUploadSize`} className="mb-1 block text-sm font-medium text-ink">
            Max File Upload Size (MB)
          </label>
          <input
            {...fieldProps("maxFileUploadSize")}
            type="number"
            inputMode="numeric"
            min={MAX_UPLOAD_MB_MIN}
            max={MAX_UPLOAD_MB_MAX}
            step={1}
            className={inputClass}
            value={state.maxFileUploadSize}
            onChange={(e) => set("maxFileUploadSize", e.target.value)}
          />
          <Hint id={`${id}-maxFileUploadSize-hint`}>
            From {MAX_UPLOAD_MB_MIN} to {MAX_UPLOAD_MB_MAX} MB.
          </Hint>
          {fieldError("maxFileUploadSize")}
        </div>
      </Section>

      <Section title="Maintenance" description="Take the site offline for visitors while you work.">
        <Toggle
          id={`${id}-maintenanceMode`}
          label="Maintenance Mode"
          hint="Visitors and members see the maintenance message; moderators and administrators can still sign in and work."
          checked={state.maintenanceMode}
          onChange={(v) => set("maintenanceMode", v)}
        />
        {state.maintenanceMode ? (
          <div>
            <label htmlFor={`${id}-maintenanceMessage`} className="mb-1 block text-sm font-medium text-ink">
              Maintenance Message
            </label>
            <textarea
              {...fieldProps("maintenanceMessage")}
              rows={3}
              className={inputClass}
              maxLength={MAINTENANCE_MESSAGE_MAX}
              placeholder="We are upgrading the site and will be back shortly."
              value={state.maintenanceMessage}
              onChange={(e) => set("maintenanceMessage", e.target.value)}
            />
            <Hint id={`${id}-maintenanceMessage-hint`}>Left empty, visitors see a standard maintenance notice.</Hint>
            {fieldError("maintenanceMessage")}
          </div>
        ) : null}
      </Section>

      <Section title="Images" description="Where pages may load images from. Every reader's browser fetches a page's images, so each host named here learns who reads the site.">
        <div>
          <label htmlFor={`${id}-imageHosts`} className="mb-1 block text-sm font-medium text-ink">
            Allowed Image Hosts
          </label>
          <textarea
            {...fieldProps("imageHosts")}
            rows={3}
            className={inputClass}
            placeholder="images.example.org"
            value={state.imageHosts}
            onChange={(e) => set("imageHosts", e.target.value)}
          />
          <Hint id={`${id}-imageHosts-hint`}>
            One hostname a line, at most {IMAGE_HOSTS_MAX}. The site's own uploaded files always show; an image on any other host is
            not shown (its record shows its placeholder) and cannot be saved.
          </Hint>
          {fieldError("imageHosts")}
        </div>
      </Section>

      {dirty ? (
        <div className="sticky bottom-4 flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4 shadow-lg">
          <p className="mr-auto text-sm text-ink-muted" role="status">
            You have unsaved changes.
          </p>
          <Button variant="secondary" onClick={reset} disabled={saving}>
            Reset
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-lg font-semibold text-ink">{title}</h2>
        <p className="mt-0.5 text-sm text-ink-muted">{description}</p>
      </CardHeader>
      <CardBody className="space-y-5">{children}</CardBody>
    </Card>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-ink-muted">
      {children}
    </p>
  );
}

/**
 * The setting says what it does: it tells commenters that comments wait for approval. Whether they
 * do is the comment service's own setting, which this site can neither change nor read.
 */
export const MODERATE_COMMENTS_LABEL = "Tell commenters that comments wait for approval";
export const MODERATE_COMMENTS_HINT =
  "Shows “" +
  "New comments appear once a moderator approves them.” under every comment section. Comments only wait when the FastComments account requires approval (FastComments dashboard: Moderate Comments, then Settings); this site cannot change or check that, so turn this on only when it does.";

function Toggle({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange(value: boolean): void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 rounded border-line accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50"
      />
      <div>
        <label htmlFor={id} className={`text-sm font-medium ${disabled ? "text-ink-muted" : "text-ink"}`}>
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}
