import { Hono } from "hono";
import type { AppEnv } from "../env";
import { commentsFrameHeaders } from "../lib/security-headers";
import { COMMENTS_FRAME_HTML, COMMENTS_FRAME_PATH, COMMENTS_FRAME_SCRIPT } from "@shared/comments-frame";

let scriptHash: Promise<string> | undefined;

/** sha256 of the frame's inline script, base64, as CSP writes it (computed once per isolate). */
function frameScriptHash(): Promise<string> {
  scriptHash ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(COMMENTS_FRAME_SCRIPT)).then((digest) => {
    let binary = "";
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
    return `sha256-${btoa(binary)}`;
  });
  return scriptHash;
}

/** The comment widget's frame page (see shared/comments-frame.ts), with its own CSP. */
export const commentsFrameRoutes = new Hono<AppEnv>().get(COMMENTS_FRAME_PATH, async () => {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=3600" });
  for (const [name, value] of Object.entries(commentsFrameHeaders(await frameScriptHash()))) headers.set(name, value);
  return new Response(COMMENTS_FRAME_HTML, { status: 200, headers });
});
