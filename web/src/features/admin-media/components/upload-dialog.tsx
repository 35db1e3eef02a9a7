import { useId, useState, type DragEvent } from "react";
import { CategoryOptions, FactionOptions } from "@/features/admin-media/components/media-select-options";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { inputClass } from "@/components/ui/text-field";
import { useToast } from "@/lib/toast";
import { MEDIA_LIMITS, type MediaCategory } from "@schemas/media";
import { deleteUpload } from "../api/delete-upload";
import { entryProblem, type EntryPatch, type OverallProgress, type UploadEntry, useUploadSnapshot } from "../hooks/use-upload-queue";
import { formatBytes, isVideoType, UPLOAD_ACCEPT } from "../lib/file-type";
import type { UploadSession } from "../lib/upload-engine";

type Props = {
  open: boolean;
  onClose(): void;
  entries: UploadEntry[];
  unfinished: UploadSession[];
  categories: MediaCategory[];
  factions: { id: number; name: string }[];
  maxMb: number;
  overall: OverallProgress;
  announcement: string;
  onAddFiles(files: File[]): void;
  onUpdate(key: string, change: EntryPatch): void;
  onStartAll(): void;
  onRemove(key: string): void;
  onClearFinished(): void;
};

const formatSpeed = (bytesPerSecond: number) => `${formatBytes(Math.round(bytesPerSecond))}/s`;

/**
 * Upload Media: drop or choose files, give each a title, category and faction, and send them.
 * Each file shows its progress (bytes, percent, speed) with Pause/Resume and Cancel; uploads the
 * server holds unfinished (after a reload or a lost connection) are offered for resuming.
 */
export function UploadDialog(props: Props) {
  const { open, onClose, entries, unfinished, overall, announcement, maxMb } = props;
  const waiting = entries.filter((e) => !e.task && e.check?.ok && !e.resumeOf);
  const ready = waiting.filter((e) => !entryProblem(e));
  const continued = new Set(entries.flatMap((e) => (e.resumeOf ? [String(e.resumeOf.id)] : [])));
  const offers = unfinished.filter((u) => !continued.has(String(u.id)));
  const finished = entries.some((e) => (e.check && !e.check.ok) || ["done", "cancelled"].includes(e.task?.getSnapshot().phase ?? ""));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upload Media"
      description={`Images (JPEG, PNG, WebP, GIF) and videos (MP4, WebM) up to ${maxMb} MB each. New uploads wait as Pending until approved.`}
      size="xl"
      footer={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <OverallBar overall={overall} />
          <div className="flex flex-wrap justify-end gap-2">
            {finished ? (
              <Button variant="ghost" onClick={props.onClearFinished}>
                Clear finished
              </Button>
            ) : null}
            <Button variant="secondary" onClick={onClose}>
              {overall.active ? "Hide (uploads continue)" : "Close"}
            </Button>
            <Button onClick={props.onStartAll} disabled={ready.length === 0}>
              {ready.length > 1 ? `Upload ${ready.length} files` : "Upload"}
            </Button>
          </div>
        </div>
      }
    >
      <div className="space-y-5">
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
        {offers.length ? <ResumeOffers offers={offers} onAddFiles={props.onAddFiles} /> : null}
        <DropZone onFiles={props.onAddFiles} />
        {entries.length ? (
          <ul className="space-y-3" aria-label="Files to upload">
            {entries.map((entry) => (
              <UploadRow key={entry.key} entry={entry} {...props} />
            ))}
          </ul>
        ) : null}
      </div>
    </Dialog>
  );
}

function OverallBar({ overall }: { overall: OverallProgress }) {
  if (!overall.count) return <span className="text-sm text-ink-muted">No uploads started yet.</span>;
  return (
    <div className="min-w-0 flex-1 sm:max-w-xs">
      <div className="mb-1 flex justify-between gap-2 text-xs text-ink-muted">
        <span id="upload-overall-label">
          Overall: {overall.done} of {overall.count} done
        </span>
        <span className="tabular-nums">{overall.percent}%</span>
      </div>
      <ProgressBar percent={overall.percent} labelledBy="upload-overall-label" valueText={`${formatBytes(overall.sentBytes)} of ${formatBytes(overall.totalBytes)}`} />
    </div>
  );
}

function ProgressBar({ percent, label, labelledBy, valueText, tone = "brand" }: { percent: number; label?: string; labelledBy?: string; valueText: string; tone?: "brand" | "success" | "danger" | "muted" }) {
  const colors = { brand: "bg-brand-600", success: "bg-emerald-600", danger: "bg-red-600", muted: "bg-stone-400 dark:bg-stone-500" } as const;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% (${valueText})`}
      className="h-2 overflow-hidden rounded-full bg-surface-muted ring-1 ring-line ring-inset"
    >
      <div className={`h-full rounded-full ${colors[tone]} motion-safe:transition-[width] motion-safe:duration-300`} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The drop zone: a label around the file input, so it is a keyboard stop and Enter opens the picker. */
function DropZone({ onFiles }: { onFiles(files: File[]): void }) {
  const [over, setOver] = useState(false);
  const hintId = useId();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length) onFiles(files);
  };
  return (
    <label
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="upload-drop-zone"
      className={`flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
        over ? "border-brand-600 bg-brand-50 dark:bg-brand-950/40" : "border-line bg-surface-muted/50 hover:border-brand-600"
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-brand-700 dark:text-brand-400" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="font-semibold text-ink">Drop files here or choose files</span>
      <span id={hintId} className="text-sm text-ink-muted">
        Several files at once are fine.
      </span>
      <input
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}

function ResumeOffers({ offers, onAddFiles }: { offers: UploadSession[]; onAddFiles(files: File[]): void }) {
  const toast = useToast();
  const [wrongFile, setWrongFile] = useState<string | null>(null);
  return (
    <section aria-labelledby="resume-heading" className="rounded-xl border border-amber-600/40 bg-amber-50 p-4 dark:bg-amber-950/40">
      <h3 id="resume-heading" className="font-semibold text-amber-950 dark:text-amber-100">
        Resume unfinished uploads
      </h3>
      <p className="mt-1 text-sm text-amber-950/80 dark:text-amber-100/80">
        These uploads stopped before they finished. Choose the same file again and only the missing parts are sent.
      </p>
      {wrongFile ? (
        <Alert className="mt-2">{wrongFile}</Alert>
      ) : null}
      <ul className="mt-3 space-y-2">
        {offers.map((u) => {
          const percent = Math.floor((Math.min(u.size, u.receivedParts.length * u.partSize) / u.size) * 100);
          return (
            <li key={String(u.id)} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface p-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-ink">{u.fileName}</p>
                <p className="text-xs text-ink-muted">
                  {formatBytes(u.size)} · {percent}% on the server
                </p>
              </div>
              <div className="flex gap-2">
                <label className="inline-flex h-8 cursor-pointer items-center rounded-lg border border-line bg-surface px-3 text-sm font-semibold text-ink shadow-sm hover:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600">
                  Choose file
                  <input
                    type="file"
                    accept={UPLOAD_ACCEPT}
                    className="sr-only"
                    aria-label={`Choose ${u.fileName} again to resume its upload`}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = "";
                      if (!file) return;
                      if (file.name !== u.fileName || file.size !== u.size) {
                        setWrongFile(`That is not the same file: choose "${u.fileName}" (${formatBytes(u.size)}).`);
                        return;
                      }
                      setWrongFile(null);
                      onAddFiles([file]);
                    }}
                  />
                </label>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Discard the unfinished upload of ${u.fileName}`}
                  onClick={() =>
                    void deleteUpload(u.id).catch((err: unknown) => {
                      console.error("Discarding the upload failed.", err);
                      toast.error("Failed to discard the upload. Please try again.");
                    })
                  }
                >
                  Discard
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function UploadRow({ entry, categories, factions, onUpdate, onRemove }: { entry: UploadEntry } & Props) {
  const snap = useUploadSnapshot(entry.task);
  const base = useId();
  const problems = entryProblem(entry);
  const locked = entry.task !== null || entry.resumeOf !== null;
  const refused = entry.check && !entry.check.ok ? entry.check.message : null;
  const phase = snap?.phase ?? null;
  const video = entry.check?.ok ? isVideoType(entry.check.contentType) : false;
  const name = entry.file.name;

  let status: string;
  if (refused) status = refused;
  else if (!entry.check) status = "Checking the file...";
  else if (!snap) status = entry.resumeOf ? "Resuming..." : "Ready to upload.";
  else if (phase === "done") status = "Uploaded. It is in the list as Pending.";
  else if (phase === "cancelled") status = "Cancelled.";
  else if (phase === "failed") status = snap.error ?? "Upload failed.";
  else if (phase === "paused") status = `Paused at ${formatBytes(snap.sentBytes)} of ${formatBytes(snap.totalBytes)}.`;
  else if (phase === "completing") status = video ? "Finishing (poster and thumbnails queued)..." : "Finishing...";
  else if (phase === "preparing") status = entry.resumeOf ? "Asking the server which parts it has..." : "Starting...";
  else if (snap.retry) status = `Connection problem: trying again (attempt ${snap.retry.attempt} of ${snap.retry.maxAttempts})...`;
  else status = `${formatBytes(snap.sentBytes)} of ${formatBytes(snap.totalBytes)} · ${snap.percent}% · ${formatSpeed(snap.bytesPerSecond)}`;

  const tone = refused || phase === "failed" ? "danger" : phase === "done" ? "success" : phase === "paused" || phase === "cancelled" ? "muted" : "brand";
  const percent = snap?.percent ?? 0;
  const error = refused !== null || phase === "failed";

  return (
    <li data-testid="upload-row" className="rounded-xl border border-line bg-surface p-4" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{name}</p>
          <p className="text-xs text-ink-muted">
            {formatBytes(entry.file.size)}
            {entry.check?.ok ? ` · ${entry.check.contentType}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!entry.task ? (
            <Button size="sm" variant="ghost" onClick={() => onRemove(entry.key)} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          ) : null}
          {snap && (phase === "preparing" || phase === "uploading") ? (
            <Button size="sm" variant="secondary" onClick={() => entry.task!.pause()} aria-label={`Pause ${name}`}>
              Pause
            </Button>
          ) : null}
          {phase === "paused" ? (
            <Button size="sm" variant="secondary" onClick={() => entry.task!.resume()} aria-label={`Resume ${name}`}>
              Resume
            </Button>
          ) : null}
          {phase === "failed" && snap?.canRetry ? (
            <Button size="sm" variant="secondary" onClick={() => entry.task!.retry()} aria-label={`Retry ${name}`}>
              Retry
            </Button>
          ) : null}
          {snap && (phase === "preparing" || phase === "uploading" || phase === "paused" || phase === "failed") ? (
            <Button size="sm" variant="danger" onClick={() => void entry.task!.cancel()} aria-label={`Cancel ${name}`}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>

      {!refused && !locked ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
          <FormField id={`${base}-title`} label="Title" error={problems?.title}>
            {(p) => <input {...p} className={inputClass} value={entry.title} maxLength={200} onChange={(e) => onUpdate(entry.key, { title: e.target.value })} />}
          </FormField>
          <FormField id={`${base}-category`} label="Category" error={problems?.categoryId}>
            {(p) => (
              <select {...p} className={inputClass} value={entry.categoryId} onChange={(e) => onUpdate(entry.key, { categoryId: Number(e.target.value) })}>
                <CategoryOptions categories={categories} />
              </select>
            )}
          </FormField>
          <FormField id={`${base}-faction`} label="Faction">
            {(p) => (
              <select {...p} className={inputClass} value={entry.factionId ?? 0} onChange={(e) => onUpdate(entry.key, { factionId: Number(e.target.value) || null })}>
                <FactionOptions factions={factions} />
              </select>
            )}
          </FormField>
          <FormField
            id={`${base}-description`}
            label="Description"
            hint="Optional: the title is used when left blank."
            error={problems?.description}
            className="sm:col-span-3"
          >
            {(p) => (
              <textarea
                {...p}
                rows={2}
                className={inputClass}
                value={entry.description}
                maxLength={MEDIA_LIMITS.description}
                onChange={(e) => onUpdate(entry.key, { description: e.target.value })}
              />
            )}
          </FormField>
        </div>
      ) : locked && !refused ? (
        <p className="mt-1 text-sm text-ink">
          <span className="font-medium">{entry.resumeOf?.title ?? entry.title}</span>
          {entry.resumeOf ? null : (
            <span className="text-ink-muted">
              {" · "}
              {categories.find((c) => c.id === entry.categoryId)?.name ?? "No category"}
              {entry.factionId ? ` · ${factions.find((f) => f.id === entry.factionId)?.name ?? ""}` : ""}
            </span>
          )}
        </p>
      ) : null}

      {!refused ? (
        <div className="mt-3">
          <ProgressBar percent={percent} label={`Upload of ${name}`} tone={tone} valueText={snap ? `${formatBytes(snap.sentBytes)} of ${formatBytes(snap.totalBytes)}` : "not started"} />
        </div>
      ) : null}
      <p data-testid="upload-status" className={`mt-2 text-sm tabular-nums ${error ? "font-medium text-red-800 dark:text-red-300" : "text-ink-muted"}`}>
        {status}
      </p>
    </li>
  );
}
