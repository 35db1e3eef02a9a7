/**
 * Keeps .dev.vars complete: creates it from .dev.vars.example with a fresh random JWT_SECRET
 * when it is missing, and appends the example's value of any name an older .dev.vars lacks
 * (SITE_URL joined later: without it, local runs would take the deployed SITE_URL of
 * wrangler.toml).
 */
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

/** `NAME=value` lines of a dotenv file, by name (comments and blank lines left out). */
function entries(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) found.set(match[1]!, match[2]!);
  }
  return found;
}

export function ensureDevVars(): void {
  const example = readFileSync(".dev.vars.example", "utf8");
  if (!existsSync(".dev.vars")) {
    const secret = randomBytes(32).toString("hex");
    writeFileSync(".dev.vars", example.replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${secret}`), { mode: 0o600 });
    console.log("Created .dev.vars with a random local JWT_SECRET (never commit it).");
    return;
  }
  const current = readFileSync(".dev.vars", "utf8");
  const have = entries(current);
  const missing = [...entries(example)].filter(([name]) => name !== "JWT_SECRET" && !have.has(name));
  if (!missing.length) return;
  appendFileSync(".dev.vars", `${current.endsWith("\n") ? "" : "\n"}${missing.map(([name, value]) => `${name}=${value}\n`).join("")}`);
  console.log(`Added to .dev.vars from .dev.vars.example: ${missing.map(([name]) => name).join(", ")}.`);
}
