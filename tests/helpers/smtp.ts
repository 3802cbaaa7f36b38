import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { deliverPendingMail } from '@/server/mail/outbox';
import { setTransportForTests, smtpTransport } from '@/server/mail/transport';
import { decodeEml } from './outbox';

export interface ReceivedMail {
  to: string[];
  /** The raw message with its bodies decoded (quoted-printable, base64). */
  text: string;
  /** The message's own header fields by lower-case name, folded lines joined (RFC 5322 §2.2.3). */
  headers: Map<string, string[]>;
  /** The message as received, its parts' headers included. */
  raw: string;
}

function headersOf(raw: string): Map<string, string[]> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const fields = new Map<string, string[]>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return fields;
}

/** A mail as the SMTP server received it: the envelope's recipients and the raw message. */
export interface RawMail {
  rcptTo: string[];
  raw: string;
}

/** A local SMTP server on `port` (0: any free one) that keeps every mail it receives. */
export async function startSmtpServer(port = 0) {
  const received: RawMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          rcptTo: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A local SMTP server the test file's mails go to, through the production SMTP transport. `mailsTo`
 * delivers what is due first, so a test reads what a running worker would have sent by then.
 */
export function setupSmtp() {
  let server: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    server = await startSmtpServer();
    setTransportForTests(smtpTransport(`smtp://127.0.0.1:${server.port}`));
  });
  afterAll(async () => {
    setTransportForTests(undefined);
    await server?.close();
  });
  return {
    async mailsTo(address: string): Promise<ReceivedMail[]> {
      while ((await deliverPendingMail({ limit: 100 })).sent > 0);
      return (server?.received ?? [])
        .filter((m) => m.rcptTo.includes(address))
        .map((m) => ({ to: m.rcptTo, text: decodeEml(m.raw), headers: headersOf(m.raw), raw: m.raw }));
    },
  };
}
