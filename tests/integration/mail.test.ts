import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { logger } from '@/server/log';
import {
  deliverPendingMail,
  enqueueMail,
  kickMailWorker,
  maxAttempts,
  startMailWorker,
} from '@/server/mail/outbox';
import {
  fileTransport,
  type MailMessage,
  setTransportForTests,
  smtpTransport,
} from '@/server/mail/transport';
import { setupTestDb } from '../helpers/db';
import { startSmtpServer } from '../helpers/smtp';

const testDb = setupTestDb();

// A small MIME reader, enough for what nodemailer writes: headers with RFC 2047 words, multipart
// bodies, quoted-printable and base64 parts.
interface MimePart {
  headers: Record<string, string>;
  body: string;
  parts: MimePart[];
}

const fromBytes = (binary: string) => Buffer.from(binary, 'latin1').toString('utf8');

function decodeQuotedPrintable(value: string): string {
  return fromBytes(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseMime(raw: string): MimePart {
  const end = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
  const rest = raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    const parts = rest
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => parseMime(p.replace(/^\r?\n/, '')));
    return { headers, body: '', parts };
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rest, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rest)
        : rest;
  return { headers, body, parts: [] };
}

function leaves(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leaves) : [part];
}

function readMail(raw: string) {
  const root = parseMime(raw);
  const byType = (type: string) =>
    leaves(root).find((p) => p.headers['content-type']?.startsWith(type))?.body ?? '';
  return {
    rawSubject: root.headers.subject ?? '',
    subject: decodeWords(root.headers.subject ?? ''),
    to: root.headers.to ?? '',
    text: byType('text/plain'),
    html: byType('text/html'),
  };
}

/** A port nothing listens on (taken from the OS, then released). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function rowOf(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

afterEach(() => {
  setTransportForTests(undefined);
  vi.restoreAllMocks();
});

describe('mail over SMTP', () => {
  it('sends queued mails in each recipient’s language and marks them sent', async () => {
    const smtp = await startSmtpServer();
    try {
      setTransportForTests(smtpTransport(`smtp://127.0.0.1:${smtp.port}`));
      const db = await getDb();
      const pl = await enqueueMail(db, {
        to: 'ala@example.test',
        locale: 'pl',
        template: 'verify_email',
        params: { link: 'http://localhost:3000/verify?token=pl-token', name: 'Ala' },
      });
      const en = await enqueueMail(db, {
        to: 'bob@example.test',
        locale: 'en',
        template: 'password_reset',
        params: { link: 'http://localhost:3000/reset?token=en-token', name: 'Bob' },
      });

      expect(await deliverPendingMail()).toEqual({ sent: 2, failed: 0 });

      expect(smtp.received).toHaveLength(2);
      const toAla = smtp.received.find((m) => m.rcptTo.includes('ala@example.test'));
      const toBob = smtp.received.find((m) => m.rcptTo.includes('bob@example.test'));
      const ala = readMail(toAla!.raw);
      const bob = readMail(toBob!.raw);
      expect(ala.to).toBe('ala@example.test');
      expect(ala.subject).toBe('Potwierdź swój adres e-mail');
      expect(ala.text).toContain('http://localhost:3000/verify?token=pl-token');
      expect(ala.text).toContain('Ala');
      expect(ala.html).toContain('href="http://localhost:3000/verify?token=pl-token"');
      expect(bob.to).toBe('bob@example.test');
      expect(bob.subject).toBe('Set a new password');
      expect(bob.text).toContain('http://localhost:3000/en/reset?token=en-token');

      for (const { id } of [pl, en]) {
        const row = await rowOf(id);
        expect(row.sentAt).toBeInstanceOf(Date);
        expect(row.attempts).toBe(0);
      }
      // Nothing is sent twice.
      expect(await deliverPendingMail()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it('keeps a mail when the server is down and sends it once the server is back', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const port = await closedPort();
    setTransportForTests(smtpTransport(`smtp://127.0.0.1:${port}`));
    const db = await getDb();
    const { id } = await enqueueMail(db, {
      to: 'cezary@example.test',
      locale: 'pl',
      template: 'newsletter_confirm',
      params: { link: 'http://localhost:3000/newsletter/confirm?token=n1' },
    });

    const now = new Date(Date.now() + 1000);
    expect(await deliverPendingMail({ now })).toEqual({ sent: 0, failed: 1 });
    const failed = await rowOf(id);
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);

    // Not due yet: nothing happens before the retry time.
    expect(await deliverPendingMail({ now })).toEqual({ sent: 0, failed: 0 });

    const smtp = await startSmtpServer(port);
    try {
      const later = new Date(failed.nextAttemptAt.getTime() + 1000);
      expect(await deliverPendingMail({ now: later })).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(readMail(smtp.received[0]!.raw).subject).toBe('Potwierdź subskrypcję newslettera');
      const sent = await rowOf(id);
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(sent.attempts).toBe(1);
    } finally {
      await smtp.close();
    }
  });
});

describe('retries', () => {
  it('backs off 1, 2, 4, … minutes up to an hour and gives up after the last attempt', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const failing = {
      send: vi.fn(async (_: MailMessage) => {
        throw new Error(`refused: ${'x'.repeat(600)}`);
      }),
    };
    setTransportForTests(failing);
    const db = await getDb();
    const { id } = await enqueueMail(db, {
      to: 'dorota@example.test',
      locale: 'en',
      template: 'email_changed',
      params: { link: 'http://localhost:3000/account' },
    });

    let now = new Date(Date.now() + 1000);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      expect(await deliverPendingMail({ now })).toEqual({ sent: 0, failed: 1 });
      const row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toHaveLength(500);
      delays.push((row.nextAttemptAt.getTime() - now.getTime()) / 60_000);
      now = new Date(row.nextAttemptAt.getTime() + 1);
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);

    // After the last attempt the mail is kept but no longer tried.
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    expect(await deliverPendingMail({ now })).toEqual({ sent: 0, failed: 0 });
    expect(failing.send).toHaveBeenCalledTimes(maxAttempts);
    expect((await rowOf(id)).sentAt).toBeNull();
  });

  it('a second run skips the mails a first run is still sending', async () => {
    const sent: string[] = [];
    setTransportForTests({
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent.push(message.to);
      },
    });
    const db = await getDb();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { id } = await enqueueMail(db, {
        to: `parallel${i}@example.test`,
        locale: 'pl',
        template: 'verify_email',
        params: { link: `http://localhost:3000/verify?token=p${i}` },
      });
      ids.push(id);
    }
    await Promise.all([deliverPendingMail({ limit: 4 }), deliverPendingMail({ limit: 4 })]);
    await deliverPendingMail();
    expect(sent.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `parallel${i}@example.test`));
    const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });
  it('skips a mail another process holds instead of waiting for it or sending it too', async (ctx) => {
    // PGlite has one connection, so another process's open transaction cannot exist there.
    if (testDb.handle().kind !== 'postgres') ctx.skip();
    const sent: string[] = [];
    setTransportForTests({
      async send(message) {
        sent.push(message.to);
      },
    });
    const db = await getDb();
    const queue = (to: string) =>
      enqueueMail(db, {
        to,
        locale: 'pl',
        template: 'verify_email',
        params: { link: 'http://localhost:3000/verify?token=held' },
      });
    const held = await queue('held@example.test');
    await queue('free@example.test');

    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const otherProcess = db.transaction(async (tx) => {
      await tx.select().from(mailOutbox).where(eq(mailOutbox.id, held.id)).for('update');
      locked();
      await released;
    });
    await lockTaken;
    try {
      expect(await deliverPendingMail()).toEqual({ sent: 1, failed: 0 });
      expect(sent).toEqual(['free@example.test']);
    } finally {
      release();
      await otherProcess;
    }
    expect(await deliverPendingMail()).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual(['free@example.test', 'held@example.test']);
  });
});

describe('the worker', () => {
  it('sends right after a kick, one run at a time', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const sent: string[] = [];
    setTransportForTests({
      async send(message) {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 30));
        sent.push(message.to);
        inFlight--;
      },
    });
    const stop = startMailWorker({ intervalMs: 60_000 });
    try {
      const db = await getDb();
      for (let i = 0; i < 3; i++) {
        await enqueueMail(db, {
          to: `kick${i}@example.test`,
          locale: 'en',
          template: 'verify_email',
          params: { link: 'http://localhost:3000/verify?token=kick' },
        });
        kickMailWorker();
      }
      await vi.waitFor(() => expect(sent).toHaveLength(3), { timeout: 1000, interval: 20 });
      expect(mostInFlight).toBe(1);
    } finally {
      // A run still in flight would otherwise claim the next test's mail.
      await stop();
    }
  });
});

describe('the embedded default', () => {
  it('writes each mail as an .eml file and logs its link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-'));
    const log = vi.spyOn(logger, 'info').mockImplementation(() => {});
    try {
      setTransportForTests(fileTransport(path.join(dir, 'outbox')));
      const db = await getDb();
      await enqueueMail(db, {
        to: 'ewa@example.test',
        locale: 'pl',
        template: 'password_reset',
        params: { link: 'http://localhost:3000/reset?token=file-token', name: 'Ewa' },
      });
      expect(await deliverPendingMail()).toEqual({ sent: 1, failed: 0 });

      const files = fs.readdirSync(path.join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);
      const raw = fs.readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
      expect(raw).toContain('\r\n');
      const mail = readMail(raw);
      expect(mail.to).toBe('ewa@example.test');
      // Polish letters travel as an RFC 2047 encoded word.
      expect(mail.rawSubject).toMatch(/^=\?UTF-8\?[BQ]\?/i);
      expect(mail.subject).toBe('Ustaw nowe hasło');
      expect(mail.text).toContain('http://localhost:3000/reset?token=file-token');
      expect(mail.html).toContain('Ewa');

      expect(log).toHaveBeenCalledWith(
        '[mail] to ewa@example.test: Ustaw nowe hasło — http://localhost:3000/reset?token=file-token',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('enqueueMail', () => {
  it('queues nothing when the transaction that caused the mail is rolled back', async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: 'rolled-back@example.test',
          locale: 'pl',
          template: 'verify_email',
          params: { link: 'http://localhost:3000/verify?token=never' },
        });
        throw new Error('registration failed');
      }),
    ).rejects.toThrow('registration failed');
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rolled-back@example.test'));
    expect(rows).toHaveLength(0);
  });
});
