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
}

/**
 * A local SMTP server the test file's mails go to, through the production SMTP transport. `mailsTo`
 * delivers what is due first, so a test reads what a running worker would have sent by then.
 */
export function setupSmtp() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((a) => a.address),
            text: decodeEml(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as net.AddressInfo;
    setTransportForTests(smtpTransport(`smtp://127.0.0.1:${port}`));
  });
  afterAll(async () => {
    setTransportForTests(undefined);
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return {
    async mailsTo(address: string): Promise<ReceivedMail[]> {
      while ((await deliverPendingMail({ limit: 100 })).sent > 0);
      return received.filter((m) => m.to.includes(address));
    },
  };
}
