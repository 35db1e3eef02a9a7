import { SNIFF_BYTES } from "@shared/file-type";

/**
 * A request body passed on as a stream of exactly `length` bytes, never buffered whole: R2 needs
 * a stream of known length, so the bytes go through a FixedLengthStream, and a body that turns
 * out shorter or longer makes that stream fail (so R2 stores nothing) and `problem()` tells which.
 * The first bytes can be checked (`inspectHead`, e.g. sniffing the file type) before anything is
 * passed on: when it throws, nothing has been stored.
 */
export type ExactBody = {
  stream: ReadableStream<Uint8Array>;
  /** Settles when the body has been read (or given up). */
  done: Promise<void>;
  /** Why the stream failed: the body was too short or too long (null while fine). */
  problem: () => "short" | "long" | null;
};

const concat = (chunks: Uint8Array[]) => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
};

export class BodyLengthError extends Error {
  constructor(readonly problem: "short" | "long") {
    super(`body is too ${problem}`);
  }
}

/**
 * Starts passing `body` on. Throws BodyLengthError at once when the declared Content-Length or
 * the first bytes already show the wrong length, and whatever `inspectHead` throws.
 */
export async function exactBody(
  body: ReadableStream<Uint8Array> | null,
  length: number,
  options: { declaredLength?: string | null; inspectHead?: (head: Uint8Array) => void } = {},
): Promise<ExactBody> {
  const declared = options.declaredLength;
  if (declared != null && /^\d+$/.test(declared) && Number(declared) !== length) {
    await body?.cancel().catch(() => {});
    throw new BodyLengthError(Number(declared) < length ? "short" : "long");
  }
  if (!body) throw new BodyLengthError("short");

  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let received = 0;
  let ended = false;
  // Read just enough to look at the first bytes.
  while (received < Math.min(SNIFF_BYTES, length)) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    head.push(value);
    received += value.byteLength;
  }
  const fail = async (problem: "short" | "long") => {
    await reader.cancel().catch(() => {});
    throw new BodyLengthError(problem);
  };
  if (received > length) return fail("long");
  if (ended && received < length) return fail("short");
  if (options.inspectHead) {
    try {
      options.inspectHead(concat(head));
    } catch (err) {
      await reader.cancel().catch(() => {});
      throw err;
    }
  }

  let problem: "short" | "long" | null = null;
  const { readable, writable } = new FixedLengthStream(length);
  const writer = writable.getWriter();
  const done = (async () => {
    try {
      for (const chunk of head) await writer.write(chunk);
      for (;;) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch {
          // The client went away (or the connection broke) mid-body.
          problem = "short";
          break;
        }
        const { done: finished, value } = chunk;
        if (finished) break;
        received += value.byteLength;
        if (received > length) {
          problem = "long";
          break;
        }
        await writer.write(value);
      }
      if (problem === null && received < length) problem = "short";
      if (problem) {
        await reader.cancel().catch(() => {});
        await writer.abort(new BodyLengthError(problem)).catch(() => {});
      } else {
        await writer.close();
      }
    } catch (err) {
      await reader.cancel().catch(() => {});
      await writer.abort(err).catch(() => {});
    }
  })();
  return { stream: readable, done, problem: () => problem };
}
