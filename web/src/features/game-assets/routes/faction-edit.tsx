import { useId, useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { FACTION_LIMITS, factionInputSchema, type Faction, type FactionInput } from "@schemas/faction";
import { ALIGNMENTS } from "@shared/game";
import { parseId } from "@shared/ids";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ConflictPrompt, conflictFields } from "@/components/ui/conflict-prompt";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { inputClass } from "@/components/ui/text-field";
import { isNotFound, serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { leaveWithoutAsking, useLeaveGuard } from "@/lib/leave-guard";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useToast } from "@/lib/toast";
import { useFactionForEdit } from "../api/get-faction-for-edit";
import { revalidateGameReads } from "../api/save-asset";
import { updateFaction } from "../api/update-faction";
import { HistoryPanel } from "../components/history-panel";
import { ImageField } from "@/components/image-field";
import { ModeratorGuard } from "../components/moderator-guard";
import { useRecordVersions } from "../hooks/use-record-versions";
import { paths } from "@shared/paths";

/** The form's values: every field as the controls hold it (text, the flag as a boolean). */
export type FactionFormValues = {
  name: string;
  alignment: string;
  summary: string;
  description: string;
  specialty: string;
  logoUrl: string;
  backgroundUrl: string;
  bannerUrl: string;
  startingResources: string;
  factionBonuses: string;
  isActive: boolean;
  sortOrder: string;
  /** The version the form is based on (sent with Save). */
  updatedAt: string;
};

type TextName = Exclude<keyof FactionFormValues, "isActive" | "updatedAt">;

export function factionToForm(f: Faction): FactionFormValues {
  return {
    name: f.name,
    alignment: f.alignment,
    summary: f.summary ?? "",
    description: f.description ?? "",
    specialty: f.specialty ?? "",
    logoUrl: f.logoUrl ?? "",
    backgroundUrl: f.backgroundUrl ?? "",
    bannerUrl: f.bannerUrl ?? "",
    startingResources: f.startingResources ?? "",
    factionBonuses: f.factionBonuses ?? "",
    isActive: f.isActive,
    sortOrder: String(f.sortOrder),
    updatedAt: f.updatedAt,
  };
}

/** Labels of the fields, in the form's order (also the conflict prompt's rows). */
export const FACTION_FIELDS: { key: TextName | "isActive"; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "alignment", label: "Alignment" },
  { key: "summary", label: "Summary" },
  { key: "description", label: "Description" },
  { key: "specialty", label: "Specialty" },
  { key: "logoUrl", label: "Logo" },
  { key: "backgroundUrl", label: "Background image" },
  { key: "bannerUrl", label: "Banner image" },
  { key: "startingResources", label: "Starting resources" },
  { key: "factionBonuses", label: "Faction bonuses" },
  { key: "isActive", label: "Active" },
  { key: "sortOrder", label: "Sort order" },
];
const ORDER = FACTION_FIELDS.map((f) => f.key);

/** /admin/factions/{id}/edit (moderators and admins): every field of one faction. */
export function Component() {
  return (
    <ModeratorGuard title="Edit Faction">
      <FactionEditPage />
    </ModeratorGuard>
  );
}

function Frame({ children, backTo }: { children: ReactNode; backTo?: { to: string; label: string } }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHead meta={noindexMeta("Edit Faction", "Edit a faction of the game.")} />
      {backTo ? (
        <Link to={backTo.to} className="text-sm text-ink-muted hover:text-brand-700 hover:underline dark:hover:text-brand-400">
          ← {backTo.label}
        </Link>
      ) : null}
      {children}
    </div>
  );
}

function FactionEditPage() {
  const id = parseId(useParams().id);
  const { data: faction, error, isLoading } = useFactionForEdit(id);

  if (id === null || isNotFound(error)) {
    return (
      <Frame>
        <div className="py-16 text-center">
          <h1 className="font-display text-3xl font-bold text-ink">Faction Not Found</h1>
          <p className="mt-3 text-ink-muted">There is no faction to edit at this address.</p>
          <Link to={paths.factions()} className={buttonClass({ className: "mt-8" })}>
            Back to Factions
          </Link>
        </div>
      </Frame>
    );
  }
  if (error && !faction) {
    return (
      <Frame backTo={{ to: paths.faction(id), label: "Back to the faction" }}>
        <Alert tone="error" title="Failed to Load Factions" className="mt-6">
          {serverReason(error, "Please try again in a moment.")}
        </Alert>
      </Frame>
    );
  }
  if (isLoading || !faction) {
    return (
      <Frame>
        <div role="status" aria-busy="true" className="mt-4 space-y-6">
          <span className="sr-only">Loading...</span>
          <Skeleton className="h-9 w-2/3" />
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      </Frame>
    );
  }
  return <FactionForm key={faction.id} faction={faction} />;
}

function FactionForm({ faction }: { faction: Faction }) {
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const form = useZodForm(factionInputSchema, { initialValues: factionToForm(faction), order: ORDER });
  const { values, setValue, errors } = form;
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [name, setName] = useState(faction.name);
  const { saving: versions, restore, historyOpen, setHistoryOpen } = useRecordVersions({
    noun: "faction",
    toForm: factionToForm,
    form,
    version: values.updatedAt,
    setVersion: (version) => setValue("updatedAt", version),
    onLoaded: (record: Faction) => setName(record.name),
    /** PUT with the version in `updatedAt` (a 409 stale_version opens the conflict prompt). */
    write: async (body: FactionInput, version) => {
      await updateFaction(faction.id, { ...body, updatedAt: version });
      toast.success("Faction saved.");
      leaveWithoutAsking(() => void navigate(paths.faction(faction.id)));
    },
    revalidate: revalidateGameReads,
  });
  const theirs = versions.conflict?.theirs ?? null;
  useLeaveGuard(form.dirty);

  async function save(body: FactionInput, version: string) {
    setSaving(true);
    setFormError(null);
    try {
      await versions.save(body, version);
    } catch (err) {
      if (!form.showServerErrors(err)) setFormError(serverReason(err, "Failed to save the faction. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  const submit = form.handleSubmit((body) => save(body, values.updatedAt));

  const text = (key: TextName, label: string, options: { rows?: number; max?: number; hint?: string } = {}) => (
    <FormField id={`${formId}-${key}`} label={label} hint={options.hint} error={errors[key]?.[0]}>
      {(p) =>
        options.rows ? (
          <textarea {...p} name={key} rows={options.rows} maxLength={options.max} className={inputClass} value={values[key]} onChange={(e) => setValue(key, e.target.value)} />
        ) : (
          <input {...p} name={key} type="text" maxLength={options.max} className={inputClass} value={values[key]} onChange={(e) => setValue(key, e.target.value)} />
        )
      }
    </FormField>
  );
  const image = (key: "logoUrl" | "backgroundUrl" | "bannerUrl", label: string) => (
    <ImageField id={`${formId}-${key}`} name={key} label={label} value={values[key]} error={errors[key]?.[0]} onChange={(v) => setValue(key, v)} />
  );

  return (
    <Frame backTo={{ to: paths.faction(faction.id), label: name }}>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Edit Faction: {name}</h1>
        <Button variant="secondary" size="sm" onClick={() => setHistoryOpen(true)}>
          History
        </Button>
      </div>
      {theirs ? (
        <ConflictPrompt
          className="mt-6"
          subject="this faction"
          fields={conflictFields(FACTION_FIELDS, values, factionToForm(theirs))}
          onTakeTheirs={versions.takeTheirs}
          onKeepMine={() => void versions.keepMine()}
          busy={saving || versions.busy}
          keepMineHint="Take theirs loads their values into the form. Keep mine saves your values over theirs."
        />
      ) : null}
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="mt-6 space-y-5 rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6"
        aria-label="Faction"
      >
        {/* Locked while the conflict prompt asks which version to keep. */}
        <fieldset disabled={theirs !== null || versions.busy} className="min-w-0 space-y-5">
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <div className="grid gap-5 sm:grid-cols-2">
            {text("name", "Name", { max: FACTION_LIMITS.name })}
            <FormField id={`${formId}-alignment`} label="Alignment" error={errors.alignment?.[0]}>
              {(p) => (
                <select {...p} name="alignment" className={inputClass} value={values.alignment} onChange={(e) => setValue("alignment", e.target.value)}>
                  {ALIGNMENTS.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          {text("summary", "Summary", { rows: 2, max: FACTION_LIMITS.summary, hint: "One or two sentences for the faction cards." })}
          {text("description", "Description", { rows: 8, max: FACTION_LIMITS.description, hint: "Plain text. Line breaks are kept." })}
          {text("specialty", "Specialty", { max: FACTION_LIMITS.specialty })}
          {image("logoUrl", "Logo")}
          {image("backgroundUrl", "Background image")}
          {image("bannerUrl", "Banner image")}
          {text("startingResources", "Starting resources", { rows: 3, max: FACTION_LIMITS.resources })}
          {text("factionBonuses", "Faction bonuses", { rows: 4, max: FACTION_LIMITS.bonuses })}
          <div className="grid items-end gap-5 sm:grid-cols-2">
            {text("sortOrder", "Sort order", { hint: "Lower numbers are listed first." })}
            <div className="flex items-center gap-2 pb-2">
              <input
                id={`${formId}-isActive`}
                name="isActive"
                type="checkbox"
                checked={values.isActive}
                onChange={(e) => setValue("isActive", e.target.checked)}
                className="size-4 rounded border-line accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
              />
              <label htmlFor={`${formId}-isActive`} className="text-sm font-medium text-ink">
                Active (shown to visitors)
              </label>
            </div>
          </div>
          <div className="flex flex-wrap gap-3 border-t border-line pt-5">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </Button>
            <Button variant="secondary" onClick={() => void navigate(paths.faction(faction.id))} disabled={saving}>
              Cancel
            </Button>
          </div>
        </fieldset>
      </form>
      <HistoryPanel entity="faction" id={faction.id} title={name} open={historyOpen} onClose={() => setHistoryOpen(false)} onRestore={restore} />
    </Frame>
  );
}
