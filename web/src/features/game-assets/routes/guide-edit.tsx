import { useId, useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { GAMEINFO_CATEGORY_MAX, GAMEINFO_LIMITS, gameInfoInputSchema, slugify, type GameInfoArticle, type GameInfoInput } from "@schemas/gameinfo";
import { SLUG_MAX } from "@shared/game";
import { parseId } from "@shared/ids";
import { noindexMeta } from "@shared/seo";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { GuideBody } from "@/components/guide-body";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ConflictPrompt, conflictFields } from "@/components/ui/conflict-prompt";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { inputClass } from "@/components/ui/text-field";
import { isNotFound, serverReason } from "@/lib/api-client";
import { useZodForm } from "@/lib/form";
import { leaveWithoutAsking, useLeaveGuard } from "@/lib/leave-guard";
import { PageHead } from "@/lib/page-head";
import { useSession } from "@/lib/session";
import { useToast } from "@/lib/toast";
import { useBodyPreview } from "@/lib/wiki-preview";
import { PreviewWarnings } from "@/components/preview-warnings";
import { restoreChange } from "../api/get-history";
import { useGuideCategories, useGuideForEdit } from "../api/get-guides";
import { createGuide, revalidateGuides, updateGuide } from "../api/save-guide";
import { HistoryPanel } from "../components/history-panel";
import { ImageField } from "@/components/image-field";
import { ModeratorGuard } from "../components/moderator-guard";
import { useRecordVersions } from "../hooks/use-record-versions";
import { paths } from "@shared/paths";


/** The form's values: every field as its control holds it. */
export type GuideFormValues = {
  title: string;
  slug: string;
  category: string;
  summary: string;
  content: string;
  imageUrl: string;
  author: string;
  sortOrder: string;
  isFeatured: boolean;
  isPublished: boolean;
  /** The version the form is based on (sent with Save; absent for a new guide). */
  updatedAt?: string;
};

type TextName = "title" | "slug" | "category" | "summary" | "content" | "author" | "sortOrder";

export function guideToForm(g: GameInfoArticle): GuideFormValues {
  return {
    title: g.title,
    slug: g.slug,
    category: g.category,
    summary: g.summary,
    content: g.content,
    imageUrl: g.imageUrl ?? "",
    author: g.author,
    sortOrder: String(g.sortOrder),
    isFeatured: g.isFeatured,
    isPublished: g.isPublished,
    updatedAt: g.updatedAt,
  };
}

const emptyGuide = (author: string): GuideFormValues => ({
  title: "",
  slug: "",
  category: "",
  summary: "",
  content: "",
  imageUrl: "",
  author,
  sortOrder: "0",
  isFeatured: false,
  isPublished: false,
});

/** Labels of the fields in the form's order (also the conflict prompt's rows). */
const GUIDE_FIELDS: { key: keyof GuideFormValues; label: string }[] = [
  { key: "title", label: "Title" },
  { key: "slug", label: "Slug" },
  { key: "category", label: "Category" },
  { key: "summary", label: "Summary" },
  { key: "content", label: "Content" },
  { key: "imageUrl", label: "Image" },
  { key: "author", label: "Author" },
  { key: "sortOrder", label: "Sort order" },
  { key: "isFeatured", label: "Featured" },
  { key: "isPublished", label: "Published" },
];
const ORDER = GUIDE_FIELDS.map((f) => f.key).filter((k): k is Exclude<keyof GuideFormValues, "updatedAt"> => k !== "updatedAt");

/** /admin/game-info/new and /admin/game-info/{id}/edit (moderators and admins). */
export function Component() {
  return (
    <ModeratorGuard title="Edit Guide">
      <GuideEditPage />
    </ModeratorGuard>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHead meta={noindexMeta(title, "Write and publish game-info guides.")} />
      <Link to={paths.adminGameInfo()} className="text-sm text-ink-muted hover:text-brand-700 hover:underline dark:hover:text-brand-400">
        ← Manage Game Info
      </Link>
      {children}
    </div>
  );
}

function GuideEditPage() {
  const raw = useParams().id;
  const isNew = raw === undefined;
  const id = isNew ? null : parseId(raw);
  const { data: guide, error, isLoading, mutate } = useGuideForEdit(id);
  const { user } = useSession();

  if (isNew) {
    return (
      <Frame title="New Guide">
        <GuideForm guide={null} defaults={emptyGuide(user?.displayName ?? "")} />
      </Frame>
    );
  }
  if (id === null || isNotFound(error)) {
    return <MissingGuide id={id} onRestored={(restored) => void mutate(restored, { revalidate: false })} />;
  }
  if (error && !guide) {
    return (
      <Frame title="Edit Guide">
        <LoadErrorAlert className="mt-6" title="Failed to load the guide" error={error} onRetry={() => void mutate()} />
      </Frame>
    );
  }
  if (isLoading || !guide) {
    return (
      <Frame title="Edit Guide">
        <div role="status" aria-busy="true" className="mt-4 space-y-6">
          <span className="sr-only">Loading...</span>
          <Skeleton className="h-9 w-2/3" />
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      </Frame>
    );
  }
  return (
    <Frame title="Edit Guide">
      <GuideForm key={guide.id} guide={guide} defaults={guideToForm(guide)} />
    </Frame>
  );
}

/** No guide with this id: it may have been deleted, and its history can bring it back. */
function MissingGuide({ id, onRestored }: { id: number | null; onRestored(guide: GameInfoArticle): void }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const toast = useToast();
  async function restore(changeId: number) {
    try {
      const result = await restoreChange(changeId);
      setHistoryOpen(false);
      toast.success("Guide restored.");
      void revalidateGuides();
      onRestored(result.record as unknown as GameInfoArticle);
    } catch (err) {
      toast.error(serverReason(err, "Failed to restore the change."));
    }
  }
  return (
    <Frame title="Guide Not Found">
      <div className="py-16 text-center">
        <h1 className="font-display text-3xl font-bold text-ink">Guide Not Found</h1>
        <p className="mt-3 text-ink-muted">There is no guide to edit at this address. If it was deleted, its history can restore it.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {id !== null ? (
            <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
              History
            </Button>
          ) : null}
          <Link to={paths.adminGameInfo()} className={buttonClass()}>
            Back to Manage Game Info
          </Link>
        </div>
      </div>
      {id !== null ? <HistoryPanel entity="gameinfo" id={id} title={`guide #${id}`} open={historyOpen} onClose={() => setHistoryOpen(false)} onRestore={restore} /> : null}
    </Frame>
  );
}

/** The editor: Write and Preview tabs, History (existing guides) and the conflict prompt on a stale save. */
function GuideForm({ guide, defaults }: { guide: GameInfoArticle | null; defaults: GuideFormValues }) {
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const form = useZodForm(gameInfoInputSchema, { initialValues: defaults, order: ORDER });
  const { values, setValue, errors } = form;
  const categories = useGuideCategories();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const preview = useBodyPreview(values.content, tab === "preview");
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** A new guide's slug follows its title until the slug is edited by hand. */
  const [slugEdited, setSlugEdited] = useState(guide !== null);
  const [title, setTitle] = useState(guide?.title ?? "");
  const { saving: versions, restore, historyOpen, setHistoryOpen } = useRecordVersions({
    noun: "guide",
    toForm: guideToForm,
    form,
    version: values.updatedAt,
    setVersion: (version) => setValue("updatedAt", version),
    onLoaded: (record: GameInfoArticle) => setTitle(record.title),
    /** Creates, or saves with the version in `updatedAt` (a 409 stale_version opens the conflict prompt). */
    write: async (body: GameInfoInput, version) => {
      const saved = guide ? await updateGuide(guide.id, { ...body, updatedAt: version }) : await createGuide(body);
      toast.success(guide ? `Saved "${saved.title}".` : `Created "${saved.title}".`);
      leaveWithoutAsking(() => void navigate(paths.adminGameInfo()));
    },
    revalidate: revalidateGuides,
  });
  const theirs = versions.conflict?.theirs ?? null;
  useLeaveGuard(form.dirty);

  async function save(body: GameInfoInput, version: string | undefined) {
    setSaving(true);
    setFormError(null);
    try {
      // A new guide has no version (its write creates it); an existing one's form carries its own.
      await versions.save(body, version ?? guide?.updatedAt ?? "");
    } catch (err) {
      if (form.showServerErrors(err)) setTab("write");
      else setFormError(serverReason(err, "Failed to save the guide. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  const submit = form.handleSubmit((body) => save(body, values.updatedAt));

  const setTitleValue = (text: string) => {
    setValue("title", text);
    if (!slugEdited) setValue("slug", slugify(text));
  };

  const textField = (key: TextName, label: string, options: { rows?: number; max?: number; hint?: ReactNode; list?: string; onChange?: (v: string) => void } = {}) => {
    const field = form.field(key);
    const onChange = options.onChange ? (e: { target: { value: string } }) => options.onChange!(e.target.value) : field.onChange;
    return (
      <FormField id={`${formId}-${key}`} label={label} hint={options.hint} error={field.error}>
        {(p) =>
          options.rows ? (
            <textarea {...p} name={field.name} ref={field.ref} rows={options.rows} maxLength={options.max} className={inputClass} value={field.value} onChange={onChange} />
          ) : (
            <input {...p} name={field.name} ref={field.ref} type="text" list={options.list} maxLength={options.max} className={inputClass} value={field.value} onChange={onChange} />
          )
        }
      </FormField>
    );
  };

  const check = (key: "isFeatured" | "isPublished", label: string, hint: string) => (
    <div className="flex items-start gap-2">
      <input
        id={`${formId}-${key}`}
        name={key}
        type="checkbox"
        checked={values[key]}
        onChange={(e) => setValue(key, e.target.checked)}
        aria-describedby={`${formId}-${key}-hint`}
        className="mt-0.5 size-4 rounded border-line accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <div>
        <label htmlFor={`${formId}-${key}`} className="text-sm font-medium text-ink">
          {label}
        </label>
        <p id={`${formId}-${key}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      </div>
    </div>
  );

  const slugHint = guide
    ? `Its address: /game-info/${values.slug || "…"}. Changing it keeps the old address working: it redirects here.`
    : `Its address: /game-info/${values.slug || "…"}. Made from the title; change it if you like.`;

  return (
    <>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <h1 className="font-display text-3xl font-bold tracking-tight break-words text-ink">{guide ? `Edit Guide: ${title}` : "New Guide"}</h1>
        {guide ? (
          <div className="flex flex-wrap gap-2">
            {guide.isPublished ? (
              <Link to={paths.gameInfoArticle(guide.slug)} className={buttonClass({ variant: "ghost", size: "sm" })}>
                View
              </Link>
            ) : null}
            <Button variant="secondary" size="sm" onClick={() => setHistoryOpen(true)}>
              History
            </Button>
          </div>
        ) : null}
      </div>
      {theirs ? (
        <ConflictPrompt
          className="mt-6"
          subject="this guide"
          fields={conflictFields(GUIDE_FIELDS, values, guideToForm(theirs))}
          onTakeTheirs={versions.takeTheirs}
          onKeepMine={() => void versions.keepMine()}
          busy={saving || versions.busy}
          keepMineHint="Take theirs loads their values into the form. Keep mine saves your values over theirs."
        />
      ) : null}
      <div className="mt-6">
        <Tabs
          tabs={[
            { id: "write", label: "Write" },
            { id: "preview", label: "Preview" },
          ]}
          selected={tab}
          onSelect={setTab}
          idPrefix={`${formId}-view`}
          panelId={() => `${formId}-view-panel`}
          label="Editor view"
        />
      </div>
      <div id={`${formId}-view-panel`} role="tabpanel" aria-labelledby={`${formId}-view-tab-${tab}`}>
        {tab === "preview" ? (
          <div className="rounded-b-xl border border-t-0 border-line bg-surface p-5 sm:p-6" data-testid="guide-preview">
            <p className="text-xs text-ink-muted">As readers will see it (not saved yet).</p>
            <PreviewWarnings warnings={preview.data?.warnings ?? []} />
            {preview.error ? <Alert tone="error" className="mt-3">{serverReason(preview.error, "The preview could not be made. Saving still works.")}</Alert> : null}
            {values.title.trim() || values.content.trim() ? (
              <GuideBody
                headingLevel={2}
                guide={{
                  title: values.title.trim() || "Untitled guide",
                  category: values.category.trim() || "No category",
                  summary: values.summary.trim(),
                  content: values.content,
                  contentHtml: preview.data?.contentHtml,
                  toc: preview.data?.toc,
                  author: values.author.trim(),
                  date: guide ? (guide.publishedAt ?? guide.createdAt) : null,
                  isPublished: values.isPublished,
                }}
              />
            ) : (
              <p className="mt-4 text-ink-muted">Nothing to preview yet: write a title and some content.</p>
            )}
          </div>
        ) : null}
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          hidden={tab !== "write"}
          className="space-y-5 rounded-b-xl border border-t-0 border-line bg-surface p-5 shadow-sm sm:p-6"
          aria-label="Guide"
        >
          {/* Locked while the conflict prompt asks which version to keep. */}
          <fieldset disabled={theirs !== null || versions.busy} className="min-w-0 space-y-5">
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            {textField("title", "Title", { max: GAMEINFO_LIMITS.title, onChange: setTitleValue })}
            <div className="grid gap-5 sm:grid-cols-2">
              {textField("slug", "Slug", {
                max: SLUG_MAX,
                hint: slugHint,
                onChange: (v) => {
                  setSlugEdited(true);
                  setValue("slug", v);
                },
              })}
              {textField("category", "Category", { max: GAMEINFO_CATEGORY_MAX, list: `${formId}-categories`, hint: "Choose one in use or name a new one." })}
              <datalist id={`${formId}-categories`}>
                {(categories.data?.categories ?? []).map((c) => (
                  <option key={c.value} value={c.value} />
                ))}
              </datalist>
            </div>
            {textField("summary", "Summary", { rows: 2, max: GAMEINFO_LIMITS.summary, hint: "One or two sentences for the guide cards and search results." })}
            {textField("content", "Content", { rows: 16, max: GAMEINFO_LIMITS.content, hint: "Markdown: ## headings, **bold**, lists, tables, [links](https://…). [[Name]] or [[unit:12]] links a page, {{unit:12}} on its own line embeds its stat card. Preview shows the result." })}
            <ImageField id={`${formId}-imageUrl`} name="imageUrl" label="Image" value={values.imageUrl} error={errors.imageUrl?.[0]} onChange={(v) => setValue("imageUrl", v)} />
            <div className="grid gap-5 sm:grid-cols-2">
              {textField("author", "Author", { max: GAMEINFO_LIMITS.author })}
              {textField("sortOrder", "Sort order", { hint: "Lower numbers are listed first (after featured guides)." })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {check("isPublished", "Published", "Visible to everyone on Game Info.")}
              {check("isFeatured", "Featured", "Listed first on Game Info.")}
            </div>
            <div className="flex flex-wrap gap-3 border-t border-line pt-5">
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : guide ? "Save" : "Create Guide"}
              </Button>
              <Button variant="secondary" onClick={() => void navigate(paths.adminGameInfo())} disabled={saving}>
                Cancel
              </Button>
            </div>
          </fieldset>
        </form>
      </div>
      {guide ? <HistoryPanel entity="gameinfo" id={guide.id} title={title} open={historyOpen} onClose={() => setHistoryOpen(false)} onRestore={restore} /> : null}
    </>
  );
}
