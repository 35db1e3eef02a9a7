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
 * The one inline script of the site, inlined into index.html's <head> at build: it applies the
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
 * The app's loader, inlined at build where Vite put the entry `<script type="module">`, with the
 * entry's URL in `data-entry`. The page's HTML (shell, and for content pages the content itself,
 * rendered by the Worker) shows first; the app's JavaScript is fetched and run once the page has
 * loaded and painted, so no script competes with the largest image or delays the first paint.
 * The libraries' chunk (`data-first`: React, React DOM, the router) is imported and evaluated in a
 * task of its own, the entry (fetched meanwhile) in the next: one long evaluation becomes two short.
 * Then it preloads the route's modules listed by the Worker in `#route-modules`,
 * one per task (each `<link rel=modulepreload>` starts a request, which waits on a busy phone). A hidden tab
 * (no frames) starts at once; so does any key or pointer press. Before the app runs, clicks on `type="button"` buttons
 * are held and given again to those buttons, in order, when the app signals `app-ready` (the root layout does, once React has hydrated
 * the page), and so is the submission of an app form (one without an `action`: sign-in, sign-up...), which is then
 * submitted again, so it is never sent by the browser itself (a password in a URL). What the reader typed or picked in
 * a field or a select before then is given to the app too: the value is set again (through the prototype's setter,
 * which React's change tracking does not see) and announced with `input` and `change` events, so a control that React
 * set back to the server's value, or whose change it did not hear, tells the app. (Text that hydration kept in a form
 * field is adopted when the field is attached: `field()` in web/src/lib/form.ts.) Links and forms with an `action` (the
 * header's search) work without JavaScript. See docs/decisions/0019-content-before-javascript.md and 0024.
 */
export const APP_LOADER_SCRIPT =
  `(function(){var c=document.currentScript,e=c.getAttribute("data-entry"),f=c.getAttribute("data-first"),d=document.documentElement,started=false,pending=[],form=null,early=[];function go(){if(started)return;started=true;var m=document.getElementById("route-modules"),q=m?JSON.parse(m.textContent):[],n=function(){setTimeout(function(){import(e)},0)};if(f){q.unshift(e);import(f).then(n,n)}else import(e);(function next(){setTimeout(function(){q.splice(0,1).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});if(q.length)next()},0)})()}function later(){if(document.hidden)go();else requestAnimationFrame(function(){setTimeout(go,0)})}if(document.readyState==="complete")later();else addEventListener("load",later,{once:true});["pointerdown","keydown","touchstart"].forEach(function(t){addEventListener(t,go,{capture:true,passive:true,once:true})});function click(v){var b=v.target&&v.target.closest&&v.target.closest('button[type="button"]');if(!b||d.hasAttribute("data-app"))return;v.preventDefault();v.stopPropagation();pending.push(b);go()}function change(v){var t=v.target;if(!t||!("value" in t)||d.hasAttribute("data-app"))return;for(var i=0;i<early.length;i++)if(early[i][0]===t){early[i][1]=t.value;return}early.push([t,t.value])}function submit(v){var f=v.target;if(!f||f.hasAttribute("action")||d.hasAttribute("data-app"))return;v.preventDefault();v.stopPropagation();form=f;go()}addEventListener("click",click,true);addEventListener("submit",submit,true);addEventListener("input",change,true);addEventListener("change",change,true);addEventListener("app-ready",function(){removeEventListener("click",click,true);removeEventListener("submit",submit,true);removeEventListener("input",change,true);removeEventListener("change",change,true);early.forEach(function(e){var t=e[0];if(!t.isConnected)return;Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),"value").set.call(t,e[1]);t.dispatchEvent(new Event("input",{bubbles:true}));t.dispatchEvent(new Event("change",{bubbles:true}))});pending.forEach(function(b){if(b.isConnected)b.click()});if(form&&form.isConnected)form.requestSubmit();pending=[];form=null;early=[]},{once:true})})();`;

/** CSP source allowing exactly APP_LOADER_SCRIPT (checked at build and by tests, like THEME_INIT_HASH). */
export const APP_LOADER_HASH = "'sha256-9JgKak7n8NnidJ5k0qn5Ogp4wwNUN+JOgI9AUjFV/WA='";

/**
 * The site's CSP (the Worker's pages, and the static assets through `_headers`). FastComments'
 * origins are not in it: the widget runs only inside /comments-frame, under that page's own CSP
 * (commentsFrameHeaders), and the site frames nothing but itself.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${THEME_INIT_HASH} ${APP_LOADER_HASH}`,
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
