import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sentMailDir } from "../../../scripts/local-mail.ts";

/**
 * The mail the browser tests' server really sent. Account mail goes outbox → mail queue (or the
 * cron) → send_email binding; the local server keeps each message's text, links included, as a
 * file in its state folder's mail/ (scripts/local-mail.ts): `.wrangler/e2e-<port>/mail/`, named
 * by the time it was sent. Every account mail names its recipient's address in its text.
 */
const MAIL_DIR = sentMailDir(`.wrangler/e2e-${process.env.E2E_PORT ?? "8788"}`);

function sentMail(): { name: string; text: string }[] {
  let names: string[];
  try {
    names = readdirSync(MAIL_DIR).filter((name) => name.endsWith(".txt"));
  } catch {
    return [];
  }
  return names.map((name) => ({ name, text: readFileSync(join(MAIL_DIR, name), "utf8") }));
}

/**
 * Waits for a sent mail to `address` holding a `linkPath?token=…` link and returns that link's
 * path and query (the server's SITE_URL is not the test server's origin). The newest such mail wins.
 */
export async function mailedLink(address: string, linkPath: string, timeoutMs = 20_000): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${linkPath.replace(/[/-]/g, "\\$&")}\\?token=[A-Za-z0-9_%-]+)`);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = sentMail()
      .filter(({ text }) => text.includes(address) && pattern.test(text))
      .sort((a, b) => b.name.localeCompare(a.name))[0];
    if (found) return pattern.exec(found.text)![1]!;
    if (Date.now() > until) throw new Error(`no mail to ${address} with a ${linkPath} link in ${MAIL_DIR} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
