/**
 * The app's loader: an entry of its own in the build (vite.config.ts puts it where Vite put the
 * app's entry script, `<script type="module" async src=… data-entry=… data-first=…>`, allowed by
 * the CSP's 'self'). The page's HTML (rendered by the Worker) shows first; the app's JavaScript is
 * fetched and run once the page has loaded and painted, so no script competes with the largest
 * image or delays the first paint (docs/decisions/0019-content-before-javascript.md, 0024).
 *
 * - The libraries' chunk (`data-first`: React, React DOM, the router) is imported and evaluated in
 *   a task of its own, the entry (`data-entry`, fetched meanwhile) in the next: one long
 *   evaluation becomes two short. Then it preloads the route's modules listed by the Worker in
 *   `#route-modules`, one per task (each `<link rel=modulepreload>` starts a request, which waits
 *   on a busy phone). A hidden tab (no frames) starts at once; so does any key or pointer press.
 * - Before the app runs, clicks on `type="button"` buttons are held and given again to those
 *   buttons, in order, when the app signals `app-ready` (the root layout does, once React has
 *   hydrated the page), and so is the submission of an app form (one without an `action`:
 *   sign-in, sign-up...), which is then submitted again, so it is never sent by the browser
 *   itself (a password in a URL).
 * - What the reader typed or picked in a field or a select before then is given to the app too:
 *   the value is set again (through the prototype's setter, which React's change tracking does
 *   not see) and announced with `input` and `change` events. (Text that hydration kept in a form
 *   field is adopted when the field is attached: `field()` in web/src/lib/form.ts.)
 * Links and forms with an `action` (the header's search) work without JavaScript.
 */
const script = document.querySelector<HTMLScriptElement>("script[data-entry]");
const entry = script?.dataset.entry;
const first = script?.dataset.first;
const root = document.documentElement;
const appRuns = () => root.hasAttribute("data-app");

let started = false;
let held: HTMLButtonElement[] = [];
let form: HTMLFormElement | null = null;
let typed: [HTMLInputElement, string][] = [];

function go() {
  if (started || !entry) return;
  started = true;
  const listed = document.getElementById("route-modules");
  const queue = listed ? (JSON.parse(listed.textContent ?? "[]") as string[]) : [];
  const importEntry = () => setTimeout(() => void import(/* @vite-ignore */ entry), 0);
  if (first) {
    queue.unshift(entry);
    import(/* @vite-ignore */ first).then(importEntry, importEntry);
  } else {
    void import(/* @vite-ignore */ entry);
  }
  (function preloadNext() {
    setTimeout(() => {
      for (const href of queue.splice(0, 1)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.appendChild(link);
      }
      if (queue.length) preloadNext();
    }, 0);
  })();
}

function later() {
  if (document.hidden) go();
  else requestAnimationFrame(() => setTimeout(go, 0));
}

if (document.readyState === "complete") later();
else addEventListener("load", later, { once: true });
for (const type of ["pointerdown", "keydown", "touchstart"]) addEventListener(type, go, { capture: true, passive: true, once: true });

function click(event: Event) {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[type="button"]');
  if (!button || appRuns()) return;
  event.preventDefault();
  event.stopPropagation();
  held.push(button);
  go();
}

function change(event: Event) {
  const target = event.target as HTMLInputElement | null;
  if (!target || !("value" in target) || appRuns()) return;
  const known = typed.find(([element]) => element === target);
  if (known) known[1] = target.value;
  else typed.push([target, target.value]);
}

function submit(event: Event) {
  const target = event.target as HTMLFormElement | null;
  if (!target || target.hasAttribute("action") || appRuns()) return;
  event.preventDefault();
  event.stopPropagation();
  form = target;
  go();
}

addEventListener("click", click, true);
addEventListener("submit", submit, true);
addEventListener("input", change, true);
addEventListener("change", change, true);
addEventListener(
  "app-ready",
  () => {
    removeEventListener("click", click, true);
    removeEventListener("submit", submit, true);
    removeEventListener("input", change, true);
    removeEventListener("change", change, true);
    for (const [element, value] of typed) {
      if (!element.isConnected) continue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, "value")?.set?.call(element, value);
      element.dispatchEvent(new Event("input", { bubbles: true }));
      element.dispatchEvent(new Event("change", { bubbles: true }));
    }
    for (const button of held) if (button.isConnected) button.click();
    if (form?.isConnected) form.requestSubmit();
    held = [];
    form = null;
    typed = [];
  },
  { once: true },
);

export {};
