/**
 * Account mail. Writers put a message in the `email_outbox` table and announce its id on the mail
 * queue (`announceMail`). A sender (the queue consumer, or the cron sweep) first claims the row, so
 * only one sends it; it puts the message's link in its text (worker/lib/mail-link.ts), sends it
 * through the `send_email` binding and marks it sent. A failure is counted and retried (the queue
 * with backoff, the sweep every 5 minutes), and after MAX_MAIL_ATTEMPTS the message is given up
 * (failedAt, with the last error). The cron (`sweepOutbox`) sends whatever is still waiting itself,
 * without the queue, so mail whose announcement was lost or whose queue is down still goes, once;
 * and it deletes rows past MAIL_RETENTION_DAYS. See docs/decisions/0046-mail-budgets-and-outbox.md.
 */
import { z } from "zod";
import { openDatabase } from "../db/client";
import {
  claimOutboxRow,
  MAIL_RETENTION_DAYS,
  markMailFailed,
  markMailSent,
  pendingMailIds,
  purgeOutbox,
  type OutboxRow,
} from "../db/queries/mail";
import { getSettings } from "../db/queries/settings";
import type { Database } from "../db/client";
import { mailText } from "../lib/mail-link";
import { SITE_NAME } from "@shared/seo";

export const MAIL_QUEUE_NAME = "realm-codex-mail";
/** The sweep leaves alone what was tried in the last few minutes (the queue is retrying it). */
export const SWEEP_QUIET_MINUTES = 5;
/** At most this many messages per sweep, sent one after the other. */
const SWEEP_BATCH = 50;

export const mailJobSchema = z.object({ outboxId: z.number().int().positive() });
export type MailJob = z.infer<typeof mailJobSchema>;

/** Announces outbox messages on the mail queue (one message each, sent as one batch). */
export async function announceMail(env: Pick<Env, "MAIL_QUEUE">, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await env.MAIL_QUEUE.sendBatch(ids.map((outboxId) => ({ body: { outboxId } satisfies MailJob })));
}

/** Announces after the response when possible; failures only log (the cron sweep catches up). */
export function announceMailSoon(
  env: Env,
  ctx: { waitUntil(promise: Promise<unknown>): void } | undefined,
  ids: readonly number[],
): Promise<void> | void {
  const job = announceMail(env, ids).catch((err) =>
    console.error(JSON.stringify({ level: "error", where: "mail", problem: "announce failed", ids, error: String(err) })),
  );
  if (ctx) ctx.waitUntil(job);
  else return job;
}

/** A deliverable address: one @, no spaces or angle brackets, a dotted domain. */
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/**
 * The sender's name from the site name: one line (the settings refuse line breaks and control
 * characters; a name stored before they did is cleaned here, since it goes into a header).
 */
// eslint-disable-next-line no-control-regex
export const senderName = (siteName: string) => siteName.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim() || SITE_NAME;

/** Sends one outbox row through the binding, its link in its text; returns the service's message id. */
async function send(env: Env, db: Database, row: OutboxRow): Promise<string | null> {
  if (!ADDRESS.test(row.toAddress)) throw new Error(`undeliverable recipient address: ${JSON.stringify(row.toAddress)}`);
  const { siteName } = await getSettings(db);
  const result = await env.MAILER.send({
    from: { name: senderName(siteName), email: env.MAIL_FROM },
    to: row.toAddress,
    subject: row.subject,
    text: await mailText(env, row),
  });
  return result?.messageId ?? null;
}

export type DeliveryResult = "sent" | "skipped" | "retry" | "gave-up";

/**
 * Delivers one outbox message if this sender can claim it: a sent, given-up or deleted message,
 * or one another sender is sending right now, is skipped.
 */
export async function deliverMail(env: Env, outboxId: number): Promise<DeliveryResult> {
  const db = openDatabase(env.DB);
  const row = await claimOutboxRow(db, outboxId);
  if (!row) return "skipped";
  try {
    await markMailSent(db, row.id, await send(env, db, row));
    return "sent";
  } catch (err) {
    const gaveUp = await markMailFailed(db, row.id, String(err));
    console.error(JSON.stringify({ level: "error", where: "mail", outboxId, attempt: row.attempts + 1, gaveUp, error: String(err) }));
    return gaveUp ? "gave-up" : "retry";
  }
}

/** Queue consumer of the mail queue. */
export async function handleMailBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = mailJobSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(JSON.stringify({ level: "error", where: "mail", problem: "malformed job", body: message.body }));
      message.ack();
      continue;
    }
    const result = await deliverMail(env, parsed.data.outboxId);
    if (result === "retry") message.retry({ delaySeconds: Math.min(300, 10 * 2 ** (message.attempts - 1)) });
    else message.ack();
  }
}

/**
 * Cron, every 5 minutes: deletes outbox rows past MAIL_RETENTION_DAYS, then sends the messages
 * still waiting (oldest first, at most SWEEP_BATCH) itself. The second half runs whether or not
 * the first failed; neither needs the mail queue. Answers what each did (null: it failed, and logged).
 */
export async function sweepOutbox(env: Env): Promise<{ purged: number | null; sent: number | null }> {
  const db = openDatabase(env.DB);
  const logged = (problem: string) => (err: unknown) => {
    console.error(JSON.stringify({ level: "error", where: "mail", problem, error: String(err) }));
    return null;
  };
  const purged = await purgeOutbox(db, new Date(Date.now() - MAIL_RETENTION_DAYS * 86_400_000).toISOString()).catch(logged("purge failed"));
  const sent = await (async () => {
    let count = 0;
    for (const id of await pendingMailIds(db, SWEEP_QUIET_MINUTES, SWEEP_BATCH)) {
      if ((await deliverMail(env, id)) === "sent") count++;
    }
    return count;
  })().catch(logged("sweep failed"));
  return { purged, sent };
}
