import { ApiRequestError, noteSessionResponse, sessionHeaders, unwrap } from "@/lib/api-client";
import type { PartReceipt, UploadId } from "../lib/upload-engine";

/**
 * PUT /api/uploads/{id}/parts/{n} with the part's raw bytes. An XMLHttpRequest, because fetch
 * cannot report how much of a request body has been sent; `onProgress` gets the bytes so far.
 * Rejects with an ApiRequestError (status 0 for the network) or an AbortError.
 */
export async function putUploadPart(
  id: UploadId,
  partNumber: number,
  body: Blob,
  { signal, onProgress }: { signal: AbortSignal; onProgress(loaded: number): void },
): Promise<PartReceipt> {
  const headers = await sessionHeaders();
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(Object.assign(new Error("The upload was stopped."), { name: "AbortError" }));
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `/api/uploads/${encodeURIComponent(String(id))}/parts/${partNumber}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    const onAbort = () => xhr.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    const done = () => signal.removeEventListener("abort", onAbort);
    xhr.onload = () => {
      done();
      noteSessionResponse(xhr.status, (name) => xhr.getResponseHeader(name), "Authorization" in headers);
      const text = xhr.responseText;
      unwrap<PartReceipt>({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, json: async () => JSON.parse(text) as PartReceipt }).then(
        resolve,
        reject,
      );
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      reject(new ApiRequestError(0, "Failed to connect to server", undefined, "network_error"));
    };
    xhr.onabort = () => {
      done();
      reject(Object.assign(new Error("The upload was stopped."), { name: "AbortError" }));
    };
    xhr.send(body);
  });
}
