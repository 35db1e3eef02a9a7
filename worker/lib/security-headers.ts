/**
 * Security headers for HTML and assets. Pure data: the Worker applies them to
 * what it serves, and the Vite build writes the same values into dist/client/_headers for the
 * assets Cloudflare serves without running the Worker.
 */

/** Origins the FastComments widget (comments and forum) loads from, both regions. */
export const COMMENT_WIDGET_ORIGINS = [
  "https://cdn.fastcomments.com",
  "https://cdn-eu.fastcomments.com",
  "https://fastcomments.com",
  "https://eu.fastcomments.com",
] as const;

const widget = COMMENT_WIDGET_ORIGINS.join(" ");

/**
 * The one inline script of the site (the app loader is a file of the build, web/src/app-loader.ts), inlined into index.html's <head> at build: it applies the
 * stored theme (else the system preference) before the first paint so pages never flash, and
 * marks <html data-session> when a session token is stored, so the prerendered header can hide
 * its Sign In/Sign Up buttons until the app knows who is signed in. Same theme rule as
 * web/src/lib/theme.tsx; the token key is STORAGE_KEYS.token of web/src/lib/storage.ts.
 */
export const THEME_INIT_SCRIPT =
  '(function(){try{var d=document.documentElement,s=localStorage.getItem("theme"),k=s?s==="dark":matchMedia("(prefers-color-scheme: dark)").matches;d.classList.toggle("dark",k);d.style.colorScheme=k?"dark":"light";if(localStorage.getItem("authToken"))d.setAttribute("data-session","");}catch(e){}})();';

/**
 * CSP source allowing exactly THEME_INIT_SCRIPT (sha256 of its text, base64). The build refuses
 * to inline a script whose hash differs, and tests/worker/security-headers.test.ts checks it.
 */
export const THEME_INIT_HASH = "'sha256-/Q4V1XgyCCvdNhi9+KPnz5bj2IrCJivnXMS4SJaNPP4='";

/**
 * The site's CSP (the Worker's pages, and the static assets through `_headers`). FastComments'
 * origins are not in it: the widget runs only inside /comments-frame, under that page's own CSP
 * (commentsFrameHeaders), and the site frames nothing but itself.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${THEME_INIT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Headers for JSON API responses: no sniffing, no framing, nothing to execute. */
export const API_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
};

/** Copies a response and sets the given headers on it. */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  return copy;
}

/** The `_headers` file for Cloudflare's static asset server. */
export function headersFile(): string {
  const lines = ["/*", ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`)];
  lines.push("/assets/*", "  Cache-Control: public, max-age=31536000, immutable");
  return lines.join("\n") + "\n";
}

/**
 * Headers of the comment widget's frame page (shared/comments-frame.ts): its own CSP
 * admits its one inline script by hash and otherwise only FastComments' origins, and only the
 * site itself may frame it.
 */
export function commentsFrameHeaders(scriptHash: string): Record<string, string> {
  return {
    "Content-Security-Policy": [
      "default-src 'none'",
      `script-src '${scriptHash}' ${widget}`,
      `style-src 'unsafe-inline' ${widget}`,
      "img-src data: blob: https:",
      "media-src blob: https:",
      `font-src data: ${widget}`,
      `connect-src ${widget} wss://*.fastcomments.com`,
      `frame-src ${widget}`,
      `form-action ${widget}`,
      "frame-ancestors 'self'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  };
}
