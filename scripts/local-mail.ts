/**
 * Local mail. Locally, the Worker's `send_email` binding is Miniflare's: it sends nothing and
 * writes each message's text to `<root>/.wrangler/tmp/email/<session>/email-text/<id>.txt`, a
 * folder it deletes when the server stops (`<root>` is the folder of the Wrangler configuration
 * it runs: `web/` for `npm run dev`, `dist/realm_codex/` for `npm start` and the browser tests).
 * While a local server runs, `keepSentMail` copies each new message into the state folder's
 * `mail/` (`.wrangler/state/mail/`, or REALM_STATE_DIR's), where it stays: one file per message,
 * `<UTC time>-<id>.txt`, its text as sent, links included. A deployed Worker sends real mail
 * through Email Sending and has no such folder.
 */
import { copyFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";

/** How old a file must be before it is copied (Miniflare writes each in one go). */
const SETTLE_MS = 100;

/** The folder under a state folder that keeps the local server's sent mail. */
export const sentMailDir = (stateDir: string) => join(stateDir, "mail");

/** The text files Miniflare wrote under `<root>/.wrangler/tmp/email/`. */
function miniflareMailFiles(root: string): string[] {
  const sessions = join(root, ".wrangler", "tmp", "email");
  let names: string[];
  try {
    names = readdirSync(sessions);
  } catch {
    return [];
  }
  return names.flatMap((session) => {
    const dir = join(sessions, session, "email-text");
    try {
      return readdirSync(dir)
        .filter((name) => name.endsWith(".txt"))
        .map((name) => join(dir, name));
    } catch {
      return [];
    }
  });
}

/**
 * Copies every message Miniflare writes under `root` into `stateDir`'s mail folder, checking
 * every `intervalMs`; answers a function that copies what is left and stops.
 */
export function keepSentMail(root: string, stateDir: string, intervalMs = 250): () => void {
  const target = sentMailDir(stateDir);
  const copied = new Set<string>();
  // Only this server's mail (a crashed server may have left its folder behind).
  const since = Date.now() - 1000;
  const copyNew = (final = false) => {
    for (const file of miniflareMailFiles(root)) {
      if (copied.has(file)) continue;
      try {
        const { mtime } = statSync(file);
        // A file written in the last moment may not be whole yet: the next pass takes it.
        if (mtime.getTime() < since || (!final && Date.now() - mtime.getTime() < SETTLE_MS)) continue;
        const at = mtime.toISOString().replace(/:/g, "-");
        mkdirSync(target, { recursive: true });
        copyFileSync(file, join(target, `${at}-${basename(file)}`));
        copied.add(file);
      } catch {
        // Gone already (the server stopped), or not readable yet: the next pass tries again.
      }
    }
  };
  const timer = setInterval(() => copyNew(), intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    copyNew(true);
  };
}
