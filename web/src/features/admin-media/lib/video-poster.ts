/**
 * A video's poster frame, made in the browser: the file is loaded into a muted <video>, seeked a
 * little way in (a tenth of its length, at most one second, so a short clip does not land on its
 * last frame), and that frame is drawn to a canvas and encoded as WebP. Null when the browser
 * cannot decode the video or encode WebP; the upload then goes on without a poster.
 */

const POSTER_MAX_WIDTH = 1280;
const POSTER_QUALITY = 0.85;
const POSTER_TIMEOUT_MS = 15_000;
/** The server takes posters up to 2 MiB. */
const POSTER_MAX_BYTES = 2 * 1024 * 1024;

function once(target: HTMLVideoElement, event: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`Timed out waiting for ${event}.`)), timeoutMs);
    const onEvent = () => finish();
    const onError = () => finish(new Error("The video could not be decoded."));
    function finish(err?: Error) {
      clearTimeout(timer);
      target.removeEventListener(event, onEvent);
      target.removeEventListener("error", onError);
      if (err) reject(err);
      else resolve();
    }
    target.addEventListener(event, onEvent, { once: true });
    target.addEventListener("error", onError, { once: true });
  });
}

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", quality));

export async function makeVideoPoster(file: Blob): Promise<Blob | null> {
  if (typeof document === "undefined" || typeof URL.createObjectURL !== "function") return null;
  const url = URL.createObjectURL(file);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  try {
    const loaded = once(video, "loadeddata", POSTER_TIMEOUT_MS);
    video.src = url;
    await loaded;
    // Recorded WebM often carries no duration (Infinity): then take a frame half a second in.
    const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null;
    const target = duration === null ? 0.5 : Math.min(1, duration / 10);
    if (target > 0) {
      const seeked = once(video, "seeked", POSTER_TIMEOUT_MS);
      video.currentTime = target;
      await seeked.catch(() => undefined);
    }
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    const scale = Math.min(1, POSTER_MAX_WIDTH / width);
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    for (const quality of [POSTER_QUALITY, 0.6, 0.4]) {
      const blob = await toBlob(canvas, quality);
      if (!blob || blob.type !== "image/webp") return null;
      if (blob.size <= POSTER_MAX_BYTES) return blob;
    }
    return null;
  } catch (err) {
    console.warn("No poster could be made for the video.", err);
    return null;
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}
