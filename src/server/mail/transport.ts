import 'server-only';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { getConfig } from '@/config';
import { logger } from '@/server/log';

/** A file sent with a mail (an invoice's PDF, a ticket's QR code). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Shown in the mail's HTML by `cid:` (a ticket's QR code) rather than only listed as a file. */
  cid?: string;
}

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The one-click unsubscribe address of a mail sent by choice (RFC 8058); none for transactional mail. */
  listUnsubscribe?: string;
  attachments?: MailAttachment[];
}

// Gmail and Yahoo ask bulk senders for both headers; the POST header says a mail client may unsubscribe
// with one request, without showing the page.
function nodemailerMessage({ listUnsubscribe, ...message }: MailMessage) {
  return {
    ...message,
    html: message.html ?? undefined,
    ...(listUnsubscribe
      ? {
          list: { unsubscribe: listUnsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

/** Hands one mail to whatever delivers it: an SMTP server in production, a folder of .eml files by default. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  // nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket by default; a stuck
  // server would hold the whole queue that long, so give up sooner and let the outbox retry.
  const transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transporter.sendMail(nodemailerMessage(message));
    },
  };
}

export function fileTransport(dir: string): MailTransport {
  // nodemailer builds the RFC 822 message (headers, encodings, multipart) without sending it anywhere.
  const builder = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await builder.sendMail(nodemailerMessage(message));
      await fsp.mkdir(dir, { recursive: true });
      // Colons are not allowed in file names everywhere, so the ISO time uses dashes.
      const stamp = new Date().toISOString().replace(/:/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Write then rename, so a reader never sees half a mail.
      const tmp = `${file}.tmp`;
      await fsp.writeFile(tmp, info.message as Buffer);
      await fsp.rename(tmp, file);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      // Without SMTP a developer reads where the mail went (and its link) in the log.
      logger.info(`[mail] to ${message.to}: ${message.subject}${link ? ` — ${link}` : ''}`);
    },
  };
}

let override: MailTransport | undefined;
let configured: MailTransport | undefined;

/** SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
export function getTransport(): MailTransport {
  if (override) return override;
  const config = getConfig();
  configured ??= config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.outboxDir);
  return configured;
}

export function setTransportForTests(transport: MailTransport | undefined): void {
  override = transport;
}
