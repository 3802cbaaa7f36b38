import 'server-only';
import { and, asc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import { getConfig } from '@/config';
import { type DbOrTx, getDb } from '@/db/client';
import { type MailDocument, mailOutbox } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { invoicePdfAttachment } from '@/server/invoices/invoice-document';
import { logger } from '@/server/log';
import { ticketAttachments } from '@/server/registrations/ticket-files';
import { type MailParams, type MailTemplate, renderMail } from './templates';
import { getTransport, type MailAttachment } from './transport';

// A mail that failed this many times stays in the table unsent (sentAt null, lastError kept) and is no
// longer picked up; an operator can reset `attempts` to send it again.
export const maxAttempts = 10;
const firstRetryMs = 60_000;
const longestRetryMs = 60 * 60_000;
// A claimed batch is hidden from other workers this long; it covers the slowest send that the SMTP
// timeouts allow, and a process that dies mid-batch has its mails picked up again afterwards.
const claimMs = 15 * 60_000;

/**
 * Queues one mail in the recipient's language. Pass the transaction of the change that causes the mail,
 * so a change that is rolled back sends nothing.
 */
export async function enqueueMail(
  db: DbOrTx,
  {
    to,
    locale,
    template,
    params,
    listUnsubscribe,
    attachments,
  }: {
    to: string;
    locale: Locale;
    template: MailTemplate;
    params: MailParams;
    /** The one-click unsubscribe address of a mail sent by choice (`oneClickUnsubscribeUrl`). */
    listUnsubscribe?: string;
    /** Invoices attached as PDFs, tickets as their QR code and calendar file, rendered when the mail is sent. */
    attachments?: MailDocument[];
  },
): Promise<{ id: number }> {
  const { subject, text, html } = renderMail({ template, locale, params });
  // Due from this process's clock at millisecond precision, like the `now` the sender compares with:
  // the column's default (the database's now(), in microseconds) could fall after a `new Date()` taken
  // in the same millisecond right after the insert, and the mail would wait for the next run.
  const [queued] = await db
    .insert(mailOutbox)
    .values({
      to,
      subject,
      text,
      html,
      listUnsubscribe,
      attachments: attachments?.length ? attachments : null,
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id });
  if (!queued) throw new Error('mail_outbox insert returned no row');
  return queued;
}

/** The mails that could be sent at `now`: unsent, not given up on, their next attempt due. */
export function dueMail(now: Date) {
  return and(
    isNull(mailOutbox.sentAt),
    lte(mailOutbox.nextAttemptAt, now),
    lt(mailOutbox.attempts, maxAttempts),
  );
}

/** 1 minute after the first failure, then 2, 4, 8, … and never more than an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(attempts - 1, 0), longestRetryMs);
}

/** The files of a queued mail, rendered now: the row keeps only which documents, never their bytes. */
async function attachmentsOf(listed: MailDocument[] | null): Promise<MailAttachment[]> {
  const files = await Promise.all(
    (listed ?? []).map(async (document): Promise<MailAttachment[]> => {
      if ('ticketId' in document) return ticketAttachments(document.ticketId);
      const { fileName, pdf } = await invoicePdfAttachment(document.invoiceId);
      return [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];
    }),
  );
  return files.flat();
}

/** Sends the mails that are due; each failure is recorded on its row and retried later. */
export async function deliverPendingMail({
  now = new Date(),
  limit = 20,
}: {
  now?: Date;
  limit?: number;
} = {}): Promise<{
  sent: number;
  failed: number;
}> {
  const db = await getDb();
  // Claim a batch in a short transaction and send outside it: SKIP LOCKED keeps two processes off the
  // same rows, and moving nextAttemptAt ahead keeps them off the batch while it is being sent. Holding
  // the transaction open during SMTP instead would block PGlite's single connection for the whole send.
  const batch = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(dueMail(now))
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + claimMs) })
        .where(
          inArray(
            mailOutbox.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });

  const transport = getTransport();
  const from = getConfig().mailFrom;
  let sent = 0;
  let failed = 0;
  for (const mail of batch) {
    try {
      await transport.send({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        listUnsubscribe: mail.listUnsubscribe ?? undefined,
        attachments: await attachmentsOf(mail.attachments),
      });
      await db.update(mailOutbox).set({ sentAt: now }).where(eq(mailOutbox.id, mail.id));
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: message,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, mail.id));
      logger.warn({ mailId: mail.id, attempts, maxAttempts }, `mail: sending failed: ${message}`);
      failed++;
    }
  }
  return { sent, failed };
}

interface WorkerState {
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
  /** The run in progress, or the last one. */
  run?: Promise<void>;
}

// On globalThis because Next.js bundles its own copy of this module next to the one server.ts loads:
// a page that queues a mail must kick the worker that server.ts started.
const holder = globalThis as typeof globalThis & { __portalMailWorker?: WorkerState };
holder.__portalMailWorker ??= { running: false, again: false };
const worker: WorkerState = holder.__portalMailWorker;

function runWorker(): void {
  // Never two runs at once; a kick during a run asks for one more run right after it.
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = true;
  worker.run = (async () => {
    try {
      do {
        worker.again = false;
        await deliverPendingMail();
      } while (worker.again && worker.timer);
    } catch (error) {
      logger.error({ err: error }, 'mail: delivery run failed');
    } finally {
      worker.running = false;
    }
  })();
}

/**
 * Sends due mails now and every `intervalMs`; returns the function that stops it, which resolves
 * once a run in progress has finished (so the database can be closed after it).
 */
export function startMailWorker({ intervalMs = 5000 }: { intervalMs?: number } = {}): () => Promise<void> {
  if (worker.timer) clearInterval(worker.timer);
  const timer = setInterval(runWorker, intervalMs);
  timer.unref();
  worker.timer = timer;
  runWorker();
  return async () => {
    clearInterval(timer);
    if (worker.timer === timer) worker.timer = undefined;
    await worker.run;
  };
}

/**
 * Asks the running worker to send right away, so a mail a request just queued leaves within a second.
 * Call it after the transaction that queued the mail has committed. Does nothing where no worker runs
 * (tests, scripts): their mails wait in the table for the next process that runs one.
 */
export function kickMailWorker(): void {
  if (worker.timer) runWorker();
}
