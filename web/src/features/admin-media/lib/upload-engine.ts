import type { MediaItem } from "@schemas/media";
import { isVideoType } from "./file-type";

/**
 * The upload of one file, as plain TypeScript (no React, no DOM beyond Blob and AbortController):
 * the file is cut into the server's fixed part size, up to three parts travel at once, a part that
 * fails on the network (or with a 5xx, 408 or 429) is sent again after an exponential backoff, and
 * after the last attempt the task stops with a Retry. Pause aborts the parts in flight; Resume asks
 * the server which parts it already has and sends only the others (the same path a reload takes).
 * The HTTP calls are behind `UploadTransport`, so tests can put a fake in.
 */

export type UploadId = string | number;

/** The server's view of an upload (create and status answer with it). */
export type UploadSession = {
  id: UploadId;
  partSize: number;
  partCount: number;
  receivedParts: number[];
  status: string;
  fileName: string;
  size: number;
  contentType: string;
  title: string;
  createdAt: string;
  expiresAt: string;
};

export type NewUpload = {
  fileName: string;
  size: number;
  contentType: string;
  title: string;
  categoryId: number;
  factionId: number | null;
  description?: string;
};

export type PartReceipt = { partNumber: number; size: number; receivedParts: number[] };

export type UploadTransport = {
  create(input: NewUpload): Promise<UploadSession>;
  status(id: UploadId): Promise<UploadSession>;
  /** Sends one part; `onProgress` gets the bytes of this part sent so far. Rejects with an AbortError when `signal` aborts. */
  putPart(id: UploadId, partNumber: number, body: Blob, options: { signal: AbortSignal; onProgress(loaded: number): void }): Promise<PartReceipt>;
  putPoster(id: UploadId, body: Blob): Promise<unknown>;
  complete(id: UploadId): Promise<{ media: MediaItem }>;
  remove(id: UploadId): Promise<unknown>;
};

export type UploadPhase = "queued" | "preparing" | "uploading" | "paused" | "completing" | "done" | "failed" | "cancelled";

export type UploadSnapshot = {
  phase: UploadPhase;
  uploadId: UploadId | null;
  /** Bytes the server has confirmed plus the bytes of parts on their way. */
  sentBytes: number;
  totalBytes: number;
  /** Whole percent, 0–100. */
  percent: number;
  /** Over the last few seconds; 0 while nothing moves. */
  bytesPerSecond: number;
  partCount: number;
  partsDone: number;
  /** Set while a failed request waits for its next attempt. */
  retry: { attempt: number; maxAttempts: number; at: number } | null;
  error: string | null;
  /** The failure was the network's (or the server's, 5xx): Retry may work. */
  canRetry: boolean;
  media: MediaItem | null;
};

export type UploadDetails = { title: string; categoryId: number; factionId: number | null; description?: string };

export type UploadTaskOptions = {
  transport: UploadTransport;
  file: Blob & { name: string };
  /** The type the file's content shows (see checkUploadFile). */
  contentType: string;
  /** An upload the server already holds (resume after a reload). */
  resumeId?: UploadId;
  maxInFlight?: number;
  /** Attempts per request before the task stops with a Retry. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Makes a video's poster (WebP); null or a throw means none is sent. */
  makePoster?(file: Blob): Promise<Blob | null>;
  now?(): number;
  /** The server created the upload: keep its id so a reload can resume it. */
  onCreated?(session: UploadSession): void;
  /** The upload is over for good (done, cancelled or gone from the server): forget its id. */
  onSettled?(uploadId: UploadId, outcome: "done" | "cancelled" | "gone"): void;
};

export const MAX_PARTS_IN_FLIGHT = 3;
export const MAX_ATTEMPTS = 5;
const SPEED_WINDOW_MS = 5_000;

export const NETWORK_FAILURE_MESSAGE = "The connection failed and the upload stopped. Check your connection, then press Retry.";
export const MISMATCH_MESSAGE = "This file is not the one the unfinished upload was started with (its size differs).";
export const UPLOAD_GONE_MESSAGE = "This upload is no longer on the server (unfinished uploads expire after 24 hours). Add the file again to start over.";

type HttpishError = { status?: unknown; code?: unknown; name?: unknown; message?: unknown };

export const isAbortError = (err: unknown) => (err as HttpishError | null)?.name === "AbortError";

/** Network failures (status 0), server errors, timeouts and rate limits are worth another attempt. */
export function isRetryable(err: unknown): boolean {
  const status = (err as HttpishError | null)?.status;
  if (typeof status !== "number") return false;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The wait before attempt `attempt + 1`: base, 2×base, 4×base... capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** (attempt - 1));
}

const abortError = () => Object.assign(new Error("The upload was stopped."), { name: "AbortError" });

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export class UploadTask {
  readonly file: Blob & { name: string };
  readonly contentType: string;
  private readonly transport: UploadTransport;
  private readonly options: UploadTaskOptions;
  private readonly maxInFlight: number;
  private readonly maxAttempts: number;
  private readonly now: () => number;
  private details: UploadDetails | null = null;
  private session: UploadSession | null = null;
  private uploadId: UploadId | null;
  private received = new Set<number>();
  private inFlight = new Map<number, number>();
  private controller: AbortController | null = null;
  private stopping: "pause" | "cancel" | null = null;
  private fatal: unknown = null;
  private posterSent = false;
  private samples: { t: number; bytes: number }[] = [];
  private listeners = new Set<() => void>();
  private snapshot: UploadSnapshot;

  constructor(options: UploadTaskOptions) {
    this.options = options;
    this.file = options.file;
    this.contentType = options.contentType;
    this.transport = options.transport;
    this.maxInFlight = options.maxInFlight ?? MAX_PARTS_IN_FLIGHT;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.now = options.now ?? (() => Date.now());
    this.uploadId = options.resumeId ?? null;
    this.snapshot = {
      phase: "queued",
      uploadId: this.uploadId,
      sentBytes: 0,
      totalBytes: options.file.size,
      percent: 0,
      bytesPerSecond: 0,
      partCount: 0,
      partsDone: 0,
      retry: null,
      error: null,
      canRetry: false,
      media: null,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  private set(patch: Partial<UploadSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** True while requests are on their way (Pause and Cancel apply). */
  get active(): boolean {
    const { phase } = this.snapshot;
    return phase === "preparing" || phase === "uploading" || phase === "completing";
  }

  /** Starts (with the title, category and faction chosen in the dialog), or continues after a pause or failure. */
  start(details?: UploadDetails): void {
    if (details) this.details = details;
    const { phase } = this.snapshot;
    if (phase !== "queued" && phase !== "paused" && phase !== "failed") return;
    void this.run();
  }

  resume(): void {
    this.start();
  }

  retry(): void {
    this.start();
  }

  /** Stops starting parts and aborts those in flight; what the server confirmed is kept. */
  pause(): void {
    if (this.snapshot.phase !== "preparing" && this.snapshot.phase !== "uploading") return;
    this.stopping = "pause";
    this.controller?.abort();
    this.inFlight.clear();
    this.set({ phase: "paused", retry: null, bytesPerSecond: 0, ...this.progress() });
  }

  /** Stops everything and deletes the upload on the server. */
  async cancel(): Promise<void> {
    const { phase } = this.snapshot;
    if (phase === "done" || phase === "cancelled" || phase === "completing") return;
    this.stopping = "cancel";
    this.controller?.abort();
    this.inFlight.clear();
    this.set({ phase: "cancelled", retry: null, bytesPerSecond: 0, error: null });
    const id = this.uploadId;
    if (id === null) return;
    try {
      await this.transport.remove(id);
      this.options.onSettled?.(id, "cancelled");
    } catch (err) {
      // Already gone is fine; otherwise the scheduled cleanup removes it within a day.
      if ((err as HttpishError).status === 404) this.options.onSettled?.(id, "cancelled");
    }
  }

  private async run(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    this.stopping = null;
    this.fatal = null;
    const { signal } = controller;
    this.samples = [];
    this.set({ phase: "preparing", error: null, canRetry: false, retry: null });
    try {
      const session = await this.prepare(signal);
      if (signal.aborted) throw abortError();
      if (session.size !== this.file.size || session.partCount < 1) throw new Error(MISMATCH_MESSAGE);
      this.session = session;
      this.received = new Set(session.receivedParts);
      const start = this.progress();
      this.samples = [{ t: this.now(), bytes: start.sentBytes }];
      this.set({ phase: "uploading", uploadId: session.id, partCount: session.partCount, ...start });

      const video = isVideoType(this.contentType) && !this.posterSent && this.options.makePoster;
      const poster = video ? this.options.makePoster!(this.file).catch(() => null) : Promise.resolve(null);

      await this.sendParts(controller);
      const posterBlob = await poster;
      if (posterBlob) {
        await this.withRetry(() => this.transport.putPoster(session.id, posterBlob), signal);
        this.posterSent = true;
      }
      if (signal.aborted) throw abortError();
      this.set({ phase: "completing", bytesPerSecond: 0 });
      const result = await this.withRetry(() => this.transport.complete(session.id), signal);
      this.set({ phase: "done", media: result.media, retry: null, ...this.progress() });
      this.options.onSettled?.(session.id, "done");
    } catch (err) {
      if (this.stopping) return; // Paused or cancelled: the phase is already set.
      this.fail(this.fatal ?? err);
    }
  }

  private async prepare(signal: AbortSignal): Promise<UploadSession> {
    if (this.uploadId !== null) {
      const id = this.uploadId;
      return this.withRetry(() => this.transport.status(id), signal);
    }
    const details = this.details;
    if (!details) throw new Error("Choose a title and category first.");
    const session = await this.withRetry(
      () =>
        this.transport.create({
          fileName: this.file.name,
          size: this.file.size,
          contentType: this.contentType,
          title: details.title,
          categoryId: details.categoryId,
          factionId: details.factionId,
          ...(details.description ? { description: details.description } : {}),
        }),
      signal,
    );
    this.uploadId = session.id;
    this.options.onCreated?.(session);
    return session;
  }

  private fail(err: unknown) {
    const status = (err as HttpishError | null)?.status;
    const retryable = isRetryable(err);
    const gone = status === 404 && this.uploadId !== null;
    if (gone) this.options.onSettled?.(this.uploadId!, "gone");
    const message = gone
      ? UPLOAD_GONE_MESSAGE
      : retryable && (status === 0 || status === undefined)
        ? NETWORK_FAILURE_MESSAGE
        : err instanceof Error && err.message
          ? err.message
          : NETWORK_FAILURE_MESSAGE;
    this.inFlight.clear();
    this.set({ phase: "failed", error: message, canRetry: retryable, retry: null, bytesPerSecond: 0, ...this.progress() });
  }

  private partLength(n: number): number {
    const { partSize } = this.session!;
    return Math.min(this.file.size, n * partSize) - (n - 1) * partSize;
  }

  private progress(): Pick<UploadSnapshot, "sentBytes" | "percent" | "partsDone"> {
    if (!this.session) return { sentBytes: 0, percent: 0, partsDone: 0 };
    let sent = 0;
    for (const n of this.received) sent += this.partLength(n);
    for (const loaded of this.inFlight.values()) sent += loaded;
    sent = Math.min(sent, this.file.size);
    return { sentBytes: sent, percent: Math.floor((sent / this.file.size) * 100), partsDone: this.received.size };
  }

  private emitProgress() {
    const progress = this.progress();
    const t = this.now();
    this.samples.push({ t, bytes: progress.sentBytes });
    while (this.samples.length > 2 && t - this.samples[1]!.t >= SPEED_WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const elapsed = t - first.t;
    const bytesPerSecond = elapsed >= 200 ? Math.max(0, ((progress.sentBytes - first.bytes) * 1000) / elapsed) : this.snapshot.bytesPerSecond;
    this.set({ ...progress, bytesPerSecond });
  }

  /** Up to `maxInFlight` workers take the missing parts in order until none are left. */
  private async sendParts(controller: AbortController): Promise<void> {
    const session = this.session!;
    const missing: number[] = [];
    for (let n = 1; n <= session.partCount; n++) if (!this.received.has(n)) missing.push(n);
    let next = 0;
    const worker = async () => {
      while (next < missing.length && !controller.signal.aborted) {
        const n = missing[next++]!;
        try {
          await this.sendPart(session.id, n, controller.signal);
        } catch (err) {
          if (!controller.signal.aborted) {
            this.fatal ??= err;
            controller.abort();
          }
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.maxInFlight, missing.length) }, worker));
    if (this.fatal) throw this.fatal;
    if (controller.signal.aborted) throw abortError();
  }

  private async sendPart(id: UploadId, n: number, signal: AbortSignal): Promise<void> {
    const { partSize } = this.session!;
    const body = this.file.slice((n - 1) * partSize, Math.min(this.file.size, n * partSize));
    await this.withRetry(async () => {
      this.inFlight.set(n, 0);
      try {
        const receipt = await this.transport.putPart(id, n, body, {
          signal,
          onProgress: (loaded) => {
            if (signal.aborted) return;
            this.inFlight.set(n, Math.min(loaded, body.size));
            this.emitProgress();
          },
        });
        this.received.add(n);
        for (const part of receipt.receivedParts ?? []) if (part >= 1 && part <= this.session!.partCount) this.received.add(part);
      } finally {
        this.inFlight.delete(n);
        if (!signal.aborted) this.emitProgress();
      }
    }, signal);
  }

  /** Runs `call`, again after a growing wait while it fails with a retryable error. */
  private async withRetry<T>(call: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const base = this.options.baseDelayMs ?? 1000;
    const max = this.options.maxDelayMs ?? 16_000;
    let mine: UploadSnapshot["retry"] = null;
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw abortError();
      try {
        const result = await call();
        // Clear the notice only if it is still this call's (another part may be waiting too).
        if (mine && this.snapshot.retry === mine) this.set({ retry: null });
        return result;
      } catch (err) {
        if (signal.aborted || isAbortError(err)) throw abortError();
        if (!isRetryable(err) || attempt >= this.maxAttempts) throw err;
        const delay = backoffDelay(attempt, base, max);
        mine = { attempt: attempt + 1, maxAttempts: this.maxAttempts, at: this.now() + delay };
        this.set({ retry: mine });
        await wait(delay, signal);
      }
    }
  }
}
