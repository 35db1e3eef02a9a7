/** Creates .dev.vars from .dev.vars.example with a fresh random JWT_SECRET when it is missing. */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export function ensureDevVars(): void {
  if (existsSync(".dev.vars")) return;
  const example = readFileSync(".dev.vars.example", "utf8");
  const secret = randomBytes(32).toString("hex");
  writeFileSync(".dev.vars", example.replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${secret}`), { mode: 0o600 });
  console.log("Created .dev.vars with a random local JWT_SECRET (never commit it).");
}
