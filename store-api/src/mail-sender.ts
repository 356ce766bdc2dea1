import nodemailer from 'nodemailer';
import type { StoreApiConfig } from './config';
import type { Db } from './db/connection';
import { invoiceFileName, renderInvoicePdf, type DocumentRow } from './domain/documents';
import { onMailQueued, type MailAttachment } from './domain/mail';
import { findOrder } from './domain/order';

// Delivers the mail outbox through SMTP when SMTP_URL is set (nodemailer). Requests only write outbox rows
// (store-api/src/domain/mail.ts) and never wait for SMTP: queueMail wakes this sender after the writing
// transaction, and a timer picks up retries. A refused or failed delivery keeps its error in send_error and is
// tried again after 30 s, 1, 2, 4 … minutes (at most an hour apart), up to MAX_ATTEMPTS times.

export interface MailSender {
  /** Sends every due row now; resolves when none is left (tests, shutdown). Answers the number delivered. */
  flush(): Promise<number>;
  /** Stops the timer and the hook at once; resolves when a delivery in progress has finished. */
  stop(): Promise<void>;
  /** true while a delivery is in progress (the database must stay open until stop() resolves) */
  readonly sending: boolean;
}

export interface MailSenderOptions {
  /** first retry delay; doubled per failure (default 30 000 ms) */
  retryBaseMs?: number;
  /** longest retry delay (default one hour) */
  retryMaxMs?: number;
  /** how often due retries are looked for (default 15 000 ms) */
  pollMs?: number;
  log?: (line: string) => void;
}

export const MAX_ATTEMPTS = 10;
/** A row being sent is leased for this long, so a second process sharing the database does not send it too. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

interface DueRow {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  attempts: number;
  attachments: string;
}

/** A mail's files, rendered now from the database (an invoice as it stands when the mail leaves). */
export async function renderMailAttachments(db: Db, stored: string): Promise<{ filename: string; content: Buffer; contentType: string }[]> {
  const files = [];
  for (const attachment of JSON.parse(stored) as MailAttachment[]) {
    if (attachment.kind !== 'invoice') continue;
    const document = db.prepare('SELECT * FROM document WHERE id = ?').get(attachment.documentId) as DocumentRow | undefined;
    const order = document ? findOrder(db, document.order_id) : undefined;
    if (!document || !order) continue;
    const pdf = await renderInvoicePdf(db, order, document);
    files.push({ filename: invoiceFileName(order, document), content: Buffer.from(pdf), contentType: 'application/pdf' });
  }
  return files;
}

/** The error as stored and logged: one line, no credentials of the SMTP URL, at most 500 characters. */
function describe(error: unknown, smtpUrl: string): string {
  let text = error instanceof Error ? error.message : String(error);
  try {
    const password = decodeURIComponent(new URL(smtpUrl).password);
    if (password) text = text.split(password).join('***');
  } catch {
    // the URL was checked at start
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}

export function startMailSender(db: Db, config: Pick<StoreApiConfig, 'smtpUrl' | 'mailFrom'>, options: MailSenderOptions = {}): MailSender | null {
  if (!config.smtpUrl) return null;
  const smtpUrl = config.smtpUrl;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;
  const log = options.log ?? ((line: string) => console.info(line));
  // Short timeouts: a stalled SMTP server delays only the outbox, and the row is retried.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });

  const due = db.prepare(
    `SELECT id, recipient, subject, body_text, body_html, attempts, attachments FROM mail_outbox
     WHERE sent_at IS NULL AND attempts < ? AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
     ORDER BY created_at, id LIMIT ?`,
  );
  const lease = db.prepare(
    `UPDATE mail_outbox SET next_attempt_at = ?
     WHERE id = ? AND sent_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at <= ?)`,
  );
  const delivered = db.prepare('UPDATE mail_outbox SET sent_at = ?, send_error = NULL, attempts = attempts + 1, next_attempt_at = NULL WHERE id = ?');
  const failed = db.prepare('UPDATE mail_outbox SET send_error = ?, attempts = attempts + 1, next_attempt_at = ? WHERE id = ?');

  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;

  async function sendOne(row: DueRow): Promise<boolean> {
    const now = Date.now();
    if (lease.run(new Date(now + LEASE_MS).toISOString(), row.id, new Date(now).toISOString()).changes !== 1) return false;
    try {
      const attachments = await renderMailAttachments(db, row.attachments);
      await transport.sendMail({ from: config.mailFrom, to: row.recipient, subject: row.subject, text: row.body_text, html: row.body_html, attachments });
      delivered.run(new Date().toISOString(), row.id);
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const delay = Math.min(retryBaseMs * 2 ** (attempts - 1), retryMaxMs);
      const message = describe(error, smtpUrl);
      failed.run(message, attempts < MAX_ATTEMPTS ? new Date(Date.now() + delay).toISOString() : null, row.id);
      log(`mail ${row.id}: delivery attempt ${attempts} failed (${message})${attempts < MAX_ATTEMPTS ? `, retry in ${Math.round(delay / 1000)} s` : ', giving up'}`);
      return false;
    }
  }

  async function drain(): Promise<number> {
    let sent = 0;
    do {
      again = false;
      for (;;) {
        if (stopped) return sent;
        const rows = due.all(MAX_ATTEMPTS, new Date().toISOString(), BATCH) as DueRow[];
        if (rows.length === 0) break;
        let progressed = false;
        for (const row of rows) {
          if (stopped) return sent;
          if (await sendOne(row)) {
            sent += 1;
            progressed = true;
          }
        }
        // Rows that failed are now scheduled for later; rows another process leased are not ours.
        if (!progressed) break;
      }
    } while (again && !stopped);
    return sent;
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        log(`mail sender: ${describe(error, smtpUrl)}`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const wake = () => {
    if (!stopped) void run();
  };
  onMailQueued(db, wake);
  const timer = setInterval(wake, options.pollMs ?? 15_000);
  timer.unref();
  setImmediate(wake); // rows left unsent by the last run of the shop

  return {
    async flush() {
      let total = 0;
      // A wake-up may be running: wait for it, then drain once more for what it left.
      if (running) total += await running;
      total += await run();
      return total;
    },
    get sending() {
      return running !== null;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      onMailQueued(db, null);
      if (running) await running;
      transport.close();
    },
  };
}
