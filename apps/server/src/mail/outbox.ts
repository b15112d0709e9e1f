import { z } from 'zod';
import type { DbOrTx } from '../db/client.js';
import { Queues, type JobQueue } from '../jobs/job-queue.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * The mail outbox: a message is a job of the `mail` queue, inserted in the caller's transaction, so
 * it exists exactly when the order, notice or token it tells about was committed; the queue sends it
 * with retries and back-off (Queues.mail), and a process that dies before sending leaves it for the
 * next. A mail may go out twice if the process dies between the SMTP answer and the job's completion:
 * at least once, never lost (decision 067).
 */
export interface MailOutbox {
  /** Queues `message` in `db` (a transaction: sent only if it commits). */
  send(db: DbOrTx, message: MailMessage): Promise<void>;
}

/** A queued message as the worker reads it back from the job's JSON. */
const QueuedMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().optional(),
});

export const createMailOutbox = (queue: JobQueue): MailOutbox => ({
  send: (db, message) => queue.enqueue(db, Queues.mail.name, message),
});

/** This process sends what the outbox holds, through `mailer` (SMTP, or .eml files). */
export const deliverMail = (queue: JobQueue, mailer: Mailer): Promise<void> =>
  queue.work(Queues.mail.name, async (data) => mailer.send(QueuedMail.parse(data)));
