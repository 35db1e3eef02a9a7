import { afterEach, describe, expect, it, vi } from "vitest";
import type { MediaItem } from "@schemas/media";
import { tooLargeMessage, UNSUPPORTED_TYPE_MESSAGE } from "@schemas/uploads";
import { sniffFileType as sniffContentType } from "@shared/file-type";
import { checkUploadFile, EMPTY_FILE_MESSAGE, titleFromFileName } from "@/features/admin-media/lib/file-type";
import {
  backoffDelay,
  NETWORK_FAILURE_MESSAGE,
  UploadTask,
  type UploadId,
  type UploadSession,
  type UploadTransport,
} from "@/features/admin-media/lib/upload-engine";
import { forgetUpload, keepOnlyStoredUploads, matchStoredUpload, readStoredUploads, rememberUpload } from "@/features/admin-media/lib/upload-store";

const JPEG = [0xff, 0xd8, 0xff, 0xe0];

/** A file of `size` bytes whose byte i is i % 251 (after a JPEG signature). */
function makeFile(size: number, name = "photo.jpg", head = JPEG): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  bytes.set(head.slice(0, size));
  return new File([bytes], name, { lastModified: 1_700_000_000_000 });
}

type Failure = { status: number; code?: string; message?: string };
const httpError = (f: Failure) => Object.assign(new Error(f.message ?? `HTTP ${f.status}`), { status: f.status, code: f.code ?? "unknown" });

/**
 * A fake of the uploads API in memory (web unit tests only): it keeps the parts it receives, and a
 * test can make part requests wait (`hold`) or fail (`failures`).
 */
class FakeUploads implements UploadTransport {
  partSize: number;
  uploads = new Map<string, { session: UploadSession; parts: Map<number, Uint8Array>; poster: Blob | null }>();
  calls: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Failures to answer per part number, in order (consumed). */
  failures = new Map<number, Failure[]>();
  hold = false;
  private held: (() => void)[] = [];
  private nextId = 1;

  constructor(partSize = 8) {
    this.partSize = partSize;
  }

  release() {
    const held = this.held;
    this.held = [];
    for (const go of held) go();
  }

  get heldCount() {
    return this.held.length;
  }

  private get(id: UploadId) {
    const upload = this.uploads.get(String(id));
    if (!upload) throw httpError({ status: 404, code: "not_found", message: "Upload not found." });
    return upload;
  }

  private view(id: UploadId): UploadSession {
    const u = this.get(id);
    return { ...u.session, receivedParts: [...u.parts.keys()].sort((a, b) => a - b) };
  }

  async create(input: Parameters<UploadTransport["create"]>[0]) {
    this.calls.push("create");
    const id = `u${this.nextId++}`;
    const session: UploadSession = {
      id,
      partSize: this.partSize,
      partCount: Math.ceil(input.size / this.partSize),
      receivedParts: [],
      status: "uploading",
      fileName: input.fileName,
      size: input.size,
      contentType: input.contentType,
      title: input.title,
      createdAt: "2026-01-01T00:00:00.000Z",
      expiresAt: "2026-01-02T00:00:00.000Z",
    };
    this.uploads.set(id, { session, parts: new Map(), poster: null });
    return this.view(id);
  }

  async status(id: UploadId) {
    this.calls.push("status");
    return this.view(id);
  }

  async putPart(id: UploadId, n: number, body: Blob, options: { signal: AbortSignal; onProgress(loaded: number): void }) {
    this.calls.push(`part ${n}`);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.hold) {
        await new Promise<void>((resolve, reject) => {
          this.held.push(resolve);
          options.signal.addEventListener("abort", () => reject(Object.assign(new Error("aborted"), { name: "AbortError" })), { once: true });
        });
      }
      const failure = this.failures.get(n)?.shift();
      if (failure) throw httpError(failure);
      const bytes = new Uint8Array(await body.arrayBuffer());
      options.onProgress(bytes.length);
      const upload = this.get(id);
      upload.parts.set(n, bytes);
      return { partNumber: n, size: bytes.length, receivedParts: this.view(id).receivedParts };
    } finally {
      this.inFlight--;
    }
  }

  async putPoster(id: UploadId, body: Blob) {
    this.calls.push("poster");
    this.get(id).poster = body;
    return { poster: true };
  }

  async complete(id: UploadId) {
    this.calls.push("complete");
    const u = this.get(id);
    if (u.parts.size !== u.session.partCount) throw httpError({ status: 409, code: "conflict", message: "Parts are missing." });
    return { media: { id: 99, title: u.session.title, thumbnailStatus: "pending", isApproved: false } as MediaItem };
  }

  async remove(id: UploadId) {
    this.calls.push("delete");
    this.get(id);
    this.uploads.delete(String(id));
  }

  /** The bytes the server would assemble from the parts, in order. */
  assembled(id: UploadId): Uint8Array {
    const u = this.get(id);
    const out = new Uint8Array(u.session.size);
    let offset = 0;
    for (let n = 1; n <= u.session.partCount; n++) {
      const part = u.parts.get(n)!;
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

const details = { title: "Photo", categoryId: 1, factionId: null };

/** Resolves when the task's phase satisfies `test`. */
function until(task: UploadTask, test: (phase: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (test(task.getSnapshot().phase)) return resolve();
    const stop = task.subscribe(() => {
      if (test(task.getSnapshot().phase)) {
        stop();
        resolve();
      }
    });
  });
}

/** Lets pending promise callbacks run (fake timers do not block microtasks). */
const flush = async (times = 20) => {
  for (let i = 0; i < times; i++) await Promise.resolve();
};

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("file checks in the browser", () => {
  it("recognises each accepted kind by its first bytes, whatever the name says", () => {
    const bytes = (...parts: (number[] | string)[]) =>
      Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
    expect(sniffContentType(bytes(JPEG))).toBe("image/jpeg");
    expect(sniffContentType(bytes([0x89], "PNG\r\n\x1a\n"))).toBe("image/png");
    expect(sniffContentType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffContentType(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffContentType(bytes([0, 0, 0, 0x20], "ftypisom"))).toBe("video/mp4");
    expect(sniffContentType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe("video/webm");
    expect(sniffContentType(bytes("MZ", [0x90, 0, 3, 0, 0, 0]))).toBeNull();
    expect(sniffContentType(bytes([0x7f], "ELF", [2, 1, 1, 0]))).toBeNull();
  });

  it("refuses an empty file, a renamed executable and a file over the limit with the server's texts", async () => {
    expect(await checkUploadFile(new File([], "empty.jpg"), 10)).toEqual({ ok: false, message: EMPTY_FILE_MESSAGE });
    expect(await checkUploadFile(makeFile(64, "setup.jpg", [0x4d, 0x5a, 0x90, 0]), 10)).toEqual({ ok: false, message: UNSUPPORTED_TYPE_MESSAGE });
    expect(await checkUploadFile(makeFile(1024 * 1024 + 1), 1)).toEqual({ ok: false, message: tooLargeMessage(1) });
    expect(await checkUploadFile(makeFile(1024 * 1024), 1)).toEqual({ ok: true, contentType: "image/jpeg" });
  });

  it("prefills the title from the file name without its extension", () => {
    expect(titleFromFileName("Dragon Lair.final.png")).toBe("Dragon Lair.final");
    expect(titleFromFileName(".hidden")).toBe(".hidden");
  });
});

describe("upload engine", () => {
  it("cuts the file into parts of the server's size (only the last smaller) and completes with identical bytes", async () => {
    const server = new FakeUploads(8);
    const file = makeFile(20);
    const task = new UploadTask({ transport: server, file, contentType: "image/jpeg" });
    task.start(details);
    await until(task, (p) => p === "done");
    const id = task.getSnapshot().uploadId!;
    expect([...server.uploads.get(String(id))!.parts.values()].map((p) => p.length)).toEqual([8, 8, 4]);
    expect(server.assembled(id)).toEqual(new Uint8Array(await file.arrayBuffer()));
    expect(server.calls.at(-1)).toBe("complete");
    expect(task.getSnapshot()).toMatchObject({ phase: "done", percent: 100, sentBytes: 20, partsDone: 3, partCount: 3 });
    expect(task.getSnapshot().media?.id).toBe(99);
  });

  it("keeps at most 3 parts in flight", async () => {
    const server = new FakeUploads(4);
    server.hold = true;
    const task = new UploadTask({ transport: server, file: makeFile(40), contentType: "image/jpeg" });
    task.start(details);
    await vi.waitFor(() => expect(server.heldCount).toBe(3));
    while (task.getSnapshot().phase !== "done") {
      server.release();
      await flush();
      expect(server.inFlight).toBeLessThanOrEqual(3);
    }
    expect(server.maxInFlight).toBe(3);
    expect(server.calls.filter((c) => c.startsWith("part"))).toHaveLength(10);
  });

  it("re-sends a part that failed on the network after an exponential backoff", async () => {
    vi.useFakeTimers();
    const server = new FakeUploads(8);
    server.failures.set(2, [{ status: 0 }, { status: 503 }]);
    const task = new UploadTask({ transport: server, file: makeFile(24), contentType: "image/jpeg", baseDelayMs: 1000 });
    task.start(details);
    await vi.advanceTimersByTimeAsync(0);
    expect(task.getSnapshot().retry).toMatchObject({ attempt: 2 });
    expect(server.calls.filter((c) => c === "part 2")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls.filter((c) => c === "part 2")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task.getSnapshot().retry).toMatchObject({ attempt: 3 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls.filter((c) => c === "part 2")).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(task, (p) => p === "done");
    expect(server.calls.filter((c) => c === "part 2")).toHaveLength(3);
    expect(server.calls.filter((c) => c === "part 1" || c === "part 3")).toHaveLength(2);
    expect(backoffDelay(1, 1000, 16_000)).toBe(1000);
    expect(backoffDelay(4, 1000, 16_000)).toBe(8000);
    expect(backoffDelay(9, 1000, 16_000)).toBe(16_000);
  });

  it("stops with a Retry after the last attempt, and Retry sends only what is missing", async () => {
    vi.useFakeTimers();
    const server = new FakeUploads(8);
    server.failures.set(3, Array.from({ length: 3 }, () => ({ status: 0 })));
    const task = new UploadTask({ transport: server, file: makeFile(24), contentType: "image/jpeg", maxAttempts: 3, baseDelayMs: 10 });
    task.start(details);
    await vi.advanceTimersByTimeAsync(100);
    expect(task.getSnapshot()).toMatchObject({ phase: "failed", canRetry: true, error: NETWORK_FAILURE_MESSAGE, partsDone: 2 });
    server.calls.length = 0;
    task.retry();
    await until(task, (p) => p === "done");
    expect(server.calls).toEqual(["status", "part 3", "complete"]);
  });

  it("does not retry a refusal: a 415 shows the server's message without Retry", async () => {
    const server = new FakeUploads(8);
    server.failures.set(1, [{ status: 415, code: "unsupported_media_type", message: "Unsupported file type." }]);
    const task = new UploadTask({ transport: server, file: makeFile(8), contentType: "image/jpeg" });
    task.start(details);
    await until(task, (p) => p === "failed");
    expect(task.getSnapshot()).toMatchObject({ error: "Unsupported file type.", canRetry: false });
    expect(server.calls.filter((c) => c === "part 1")).toHaveLength(1);
  });

  it("resumes an upload the server holds by sending only the parts it is missing", async () => {
    const server = new FakeUploads(8);
    const file = makeFile(36);
    const session = await server.create({ fileName: file.name, size: file.size, contentType: "image/jpeg", title: "T", categoryId: 1, factionId: null });
    const bytes = new Uint8Array(await file.arrayBuffer());
    server.uploads.get(String(session.id))!.parts.set(1, bytes.slice(0, 8));
    server.uploads.get(String(session.id))!.parts.set(3, bytes.slice(16, 24));
    server.calls.length = 0;

    const task = new UploadTask({ transport: server, file, contentType: "image/jpeg", resumeId: session.id });
    task.start();
    await until(task, (p) => p === "done");
    expect(server.calls.filter((c) => c !== "complete").sort()).toEqual(["part 2", "part 4", "part 5", "status"]);
    expect(server.assembled(session.id)).toEqual(bytes);
  });

  it("Pause aborts the parts in flight and starts no more; Resume continues from what the server has", async () => {
    const server = new FakeUploads(4);
    server.hold = true;
    const task = new UploadTask({ transport: server, file: makeFile(40), contentType: "image/jpeg" });
    task.start(details);
    await vi.waitFor(() => expect(server.heldCount).toBe(3));
    server.release();
    await vi.waitFor(() => expect(server.heldCount).toBe(3)); // parts 1-3 done, 4-6 waiting
    task.pause();
    await flush();
    expect(task.getSnapshot()).toMatchObject({ phase: "paused", partsDone: 3, sentBytes: 12, percent: 30 });
    expect(server.inFlight).toBe(0);
    const sentBeforeResume = server.calls.length;
    await flush();
    expect(server.calls.length).toBe(sentBeforeResume);

    server.hold = false;
    task.resume();
    await until(task, (p) => p === "done");
    const after = server.calls.slice(sentBeforeResume);
    expect(after[0]).toBe("status");
    expect(after.filter((c) => c.startsWith("part")).sort()).toEqual(["part 10", "part 4", "part 5", "part 6", "part 7", "part 8", "part 9"]);
  });

  it("Cancel aborts and deletes the upload on the server", async () => {
    const server = new FakeUploads(4);
    server.hold = true;
    const settled: string[] = [];
    const task = new UploadTask({ transport: server, file: makeFile(40), contentType: "image/jpeg", onSettled: (_id, outcome) => settled.push(outcome) });
    task.start(details);
    await vi.waitFor(() => expect(server.heldCount).toBe(3));
    await task.cancel();
    expect(task.getSnapshot().phase).toBe("cancelled");
    expect(server.calls.at(-1)).toBe("delete");
    expect(server.uploads.size).toBe(0);
    expect(settled).toEqual(["cancelled"]);
  });

  it("sends a video's poster before completing", async () => {
    const server = new FakeUploads(8);
    const poster = new Blob(["webp"], { type: "image/webp" });
    const makePoster = vi.fn(async () => poster);
    const task = new UploadTask({ transport: server, file: makeFile(10, "clip.webm", [0x1a, 0x45, 0xdf, 0xa3]), contentType: "video/webm", makePoster });
    task.start(details);
    await until(task, (p) => p === "done");
    expect(makePoster).toHaveBeenCalledOnce();
    expect(server.calls.slice(-2)).toEqual(["poster", "complete"]);
    expect(server.uploads.get(String(task.getSnapshot().uploadId))!.poster).toBe(poster);
  });

  it("reports bytes, percent and speed while parts move", async () => {
    let now = 0;
    const server = new FakeUploads(4);
    server.hold = true;
    const task = new UploadTask({ transport: server, file: makeFile(16), contentType: "image/jpeg", now: () => now });
    task.start(details);
    await vi.waitFor(() => expect(server.heldCount).toBe(3));
    now = 1000;
    server.release();
    await vi.waitFor(() => expect(task.getSnapshot().partsDone).toBe(3));
    expect(task.getSnapshot()).toMatchObject({ sentBytes: 12, percent: 75 });
    expect(task.getSnapshot().bytesPerSecond).toBeGreaterThan(0);
  });

  it("tells the caller when to remember and forget the upload id", async () => {
    const server = new FakeUploads(8);
    const events: string[] = [];
    const task = new UploadTask({
      transport: server,
      file: makeFile(9),
      contentType: "image/jpeg",
      onCreated: (s) => events.push(`created ${s.id}`),
      onSettled: (id, outcome) => events.push(`${outcome} ${id}`),
    });
    task.start(details);
    await until(task, (p) => p === "done");
    expect(events).toEqual(["created u1", "done u1"]);
  });
});

describe("unfinished uploads kept in the browser", () => {
  it("remembers, matches by name and size, and forgets", () => {
    rememberUpload({ uploadId: "a", fileName: "x.jpg", size: 10, lastModified: 1, title: "X", startedAt: "2026-01-01T00:00:00Z" });
    rememberUpload({ uploadId: "b", fileName: "y.jpg", size: 20, lastModified: 2, title: "Y", startedAt: "2026-01-01T00:00:00Z" });
    expect(readStoredUploads().map((u) => u.uploadId)).toEqual(["a", "b"]);
    expect(matchStoredUpload(readStoredUploads(), { name: "y.jpg", size: 20 })?.uploadId).toBe("b");
    expect(matchStoredUpload(readStoredUploads(), { name: "y.jpg", size: 21 })).toBeUndefined();
    forgetUpload("a");
    expect(readStoredUploads().map((u) => u.uploadId)).toEqual(["b"]);
    rememberUpload({ uploadId: "c", fileName: "z.jpg", size: 30, lastModified: 3, title: "Z", startedAt: "2026-01-01T00:00:00Z" });
    keepOnlyStoredUploads(["c"]);
    expect(readStoredUploads().map((u) => u.uploadId)).toEqual(["c"]);
    localStorage.setItem("unfinishedUploads", "{not json");
    expect(readStoredUploads()).toEqual([]);
  });
});
