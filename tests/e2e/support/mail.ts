import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The mail the browser tests' server really sent. Account mail goes outbox → mail queue →
 * send_email binding; local wrangler writes each message's text to a file under the folder of the
 * configuration it runs (dist/realm_codex/wrangler.e2e-<port>.json): .wrangler/tmp/email/<session>/email-text/.
 * Every account mail names its recipient's address in its text.
 */
const MAIL_ROOT = "dist/realm_codex/.wrangler/tmp/email";

function textFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(path);
    return entry.name.endsWith(".txt") && dir.endsWith("email-text") ? [path] : [];
  });
}

/**
 * Waits for a sent mail to `address` holding a `linkPath?token=…` link and returns that link's
 * path and query (the server's SITE_URL is not the test server's origin). The newest such mail wins.
 */
export async function mailedLink(address: string, linkPath: string, timeoutMs = 20_000): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${linkPath.replace(/[/-]/g, "\\$&")}\\?token=[A-Za-z0-9_%-]+)`);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = textFiles(MAIL_ROOT)
      .map((file) => ({ file, text: readFileSync(file, "utf8"), at: statSync(file).mtimeMs }))
      .filter(({ text }) => text.includes(address) && pattern.test(text))
      .sort((a, b) => b.at - a.at)[0];
    if (found) return pattern.exec(found.text)![1]!;
    if (Date.now() > until) throw new Error(`no mail to ${address} with a ${linkPath} link under ${MAIL_ROOT} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
