import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { MEDIA_LIMITS } from "@schemas/media";
import { useLeaveGuard, type LeaveQuestion } from "@/lib/leave-guard";
import { uploadTransport } from "../api/upload-transport";
import { checkUploadFile, titleFromFileName, type FileCheck } from "../lib/file-type";
import { UploadTask, type UploadSession, type UploadSnapshot } from "../lib/upload-engine";
import { forgetUpload, matchStoredUpload, rememberUpload } from "../lib/upload-store";
import { makeVideoPoster } from "../lib/video-poster";

/** One file in the upload dialog: what the user chose for it, the browser's check, and its upload once started. */
export type UploadEntry = {
  key: string;
  file: File;
  title: string;
  /** Optional; the title stands in when blank (the media form requires a description). */
  description: string;
  categoryId: number;
  factionId: number | null;
  check: FileCheck | null;
  task: UploadTask | null;
  /** The unfinished upload on the server this file continues. */
  resumeOf: UploadSession | null;
};

export type EntryPatch = Partial<Pick<UploadEntry, "title" | "description" | "categoryId" | "factionId">>;

/** Asked before a link takes the reader away from uploads on their way. */
export const UPLOADS_IN_PROGRESS: LeaveQuestion = {
  title: "Uploads in progress",
  message: "Files are still uploading. Leave this page and pause them? Choose the same files again later to resume.",
  leaveLabel: "Leave and pause uploads",
};

export const TITLE_REQUIRED = "Title is required.";
export const CATEGORY_REQUIRED = "Category is required.";

/** What keeps an entry from starting (shown under its fields), or null. */
export function entryProblem(entry: UploadEntry): { title?: string; description?: string; categoryId?: string } | null {
  const problems: { title?: string; description?: string; categoryId?: string } = {};
  const title = entry.title.trim();
  if (!title) problems.title = TITLE_REQUIRED;
  else if (title.length > MEDIA_LIMITS.title) problems.title = `Title must be at most ${MEDIA_LIMITS.title} characters.`;
  if (entry.description.trim().length > MEDIA_LIMITS.description) problems.description = `Description must be at most ${MEDIA_LIMITS.description} characters.`;
  if (!entry.categoryId) problems.categoryId = CATEGORY_REQUIRED;
  return Object.keys(problems).length ? problems : null;
}

let nextKey = 1;

function phaseMessage(name: string, s: UploadSnapshot): string | null {
  switch (s.phase) {
    case "uploading":
      return s.retry ? `${name}: connection problem, retrying (attempt ${s.retry.attempt} of ${s.retry.maxAttempts}).` : `${name}: uploading.`;
    case "paused":
      return `${name}: paused.`;
    case "completing":
      return `${name}: finishing.`;
    case "done":
      return `${name}: uploaded. It is in the list as Pending.`;
    case "failed":
      return `${name}: upload failed. ${s.error ?? ""}`.trim();
    case "cancelled":
      return `${name}: cancelled.`;
    default:
      return null;
  }
}

/**
 * The files of the upload dialog and their uploads. It lives on the media page rather than in
 * the dialog, so closing the dialog does not stop the uploads; reopening it shows them again.
 */
export function useUploadQueue({ maxMb, defaultCategoryId }: { maxMb: number; defaultCategoryId: number }) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const entriesRef = useRef(entries);
  useEffect(() => {
    entriesRef.current = entries;
  });

  const patch = useCallback((key: string, change: Partial<UploadEntry>) => {
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));
  }, []);

  const makeTask = useCallback((file: File, contentType: string, resumeId?: UploadSession["id"]) => {
    const task = new UploadTask({
      transport: uploadTransport,
      file,
      contentType,
      resumeId,
      makePoster: makeVideoPoster,
      onCreated: (session) =>
        rememberUpload({
          uploadId: session.id,
          fileName: file.name,
          size: file.size,
          lastModified: file.lastModified,
          title: session.title,
          startedAt: session.createdAt,
        }),
      onSettled: (id) => forgetUpload(id),
    });
    let last: string | null = null;
    task.subscribe(() => {
      const message = phaseMessage(file.name, task.getSnapshot());
      if (message && message !== last) {
        last = message;
        setAnnouncement(message);
      }
    });
    return task;
  }, []);

  /** Adds files; one that matches an unfinished upload (same name and size) continues it at once. */
  const addFiles = useCallback(
    (files: File[], unfinished: UploadSession[] = []) => {
      const added: UploadEntry[] = files.map((file) => {
        const resumeOf = matchStoredUpload(
          unfinished.map((u) => ({ ...u, uploadId: u.id })),
          file,
        );
        return {
          key: `upload-${nextKey++}`,
          file,
          title: resumeOf?.title ?? titleFromFileName(file.name),
          description: "",
          categoryId: defaultCategoryId,
          factionId: null,
          check: null,
          task: null,
          resumeOf: resumeOf ?? null,
        };
      });
      setEntries((list) => [...list, ...added]);
      for (const entry of added) {
        void checkUploadFile(entry.file, maxMb).then((check) => {
          const change: Partial<UploadEntry> = { check };
          if (check.ok && entry.resumeOf) {
            const task = makeTask(entry.file, check.contentType, entry.resumeOf.id);
            change.task = task;
            task.start();
          }
          patch(entry.key, change);
        });
      }
      setAnnouncement(`${files.length} ${files.length === 1 ? "file" : "files"} added.`);
    },
    [defaultCategoryId, makeTask, maxMb, patch],
  );

  const update = useCallback((key: string, change: EntryPatch) => patch(key, change), [patch]);

  const startEntry = useCallback(
    (entry: UploadEntry) => {
      if (entry.task || !entry.check?.ok || entryProblem(entry)) return;
      const task = makeTask(entry.file, entry.check.contentType);
      patch(entry.key, { task });
      const title = entry.title.trim();
      task.start({ title, description: entry.description.trim() || title, categoryId: entry.categoryId, factionId: entry.factionId });
    },
    [makeTask, patch],
  );

  const startAll = useCallback(() => {
    for (const entry of entriesRef.current) startEntry(entry);
  }, [startEntry]);

  const remove = useCallback((key: string) => {
    setEntries((list) => list.filter((e) => e.key !== key || (e.task?.active ?? false)));
  }, []);

  /** Drops the finished, cancelled and refused files from the list. */
  const clearFinished = useCallback(() => {
    setEntries((list) =>
      list.filter((e) => {
        if (e.check && !e.check.ok) return false;
        const phase = e.task?.getSnapshot().phase;
        return phase !== "done" && phase !== "cancelled";
      }),
    );
  }, []);

  const tasks = useMemo(() => entries.flatMap((e) => (e.task ? [e.task] : [])), [entries]);
  const overall = useOverallProgress(tasks);

  // Leaving the page while parts are on their way asks first; leaving anyway pauses the uploads
  // (what the server has is kept: choosing the same file again resumes it, as after a reload).
  useLeaveGuard(overall.active, UPLOADS_IN_PROGRESS);
  useEffect(
    () => () => {
      for (const entry of entriesRef.current) entry.task?.pause();
    },
    [],
  );

  return { entries, addFiles, update, startEntry, startAll, remove, clearFinished, overall, announcement };
}

export type OverallProgress = { sentBytes: number; totalBytes: number; percent: number; active: boolean; done: number; count: number };

/** The sum over every started upload (cancelled ones left out). */
function useOverallProgress(tasks: UploadTask[]): OverallProgress {
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = tasks.map((t) => t.subscribe(listener));
      return () => stops.forEach((stop) => stop());
    },
    [tasks],
  );
  const key = useSyncExternalStore(subscribe, () =>
    tasks
      .map((t) => {
        const s = t.getSnapshot();
        return `${s.phase}:${s.sentBytes}:${s.totalBytes}`;
      })
      .join("|"),
  );
  return useMemo(() => {
    let sent = 0;
    let total = 0;
    let active = false;
    let done = 0;
    let count = 0;
    for (const part of key ? key.split("|") : []) {
      const [phase, s, t] = part.split(":");
      if (phase === "cancelled") continue;
      count++;
      sent += Number(s);
      total += Number(t);
      if (phase === "preparing" || phase === "uploading" || phase === "completing") active = true;
      if (phase === "done") done++;
    }
    return { sentBytes: sent, totalBytes: total, percent: total ? Math.floor((sent / total) * 100) : 0, active, done, count };
  }, [key]);
}

/** One upload's snapshot, re-rendered as it changes. */
export function useUploadSnapshot(task: UploadTask | null): UploadSnapshot | null {
  const subscribe = useCallback((listener: () => void) => (task ? task.subscribe(listener) : () => {}), [task]);
  return useSyncExternalStore(subscribe, () => (task ? task.getSnapshot() : null));
}
