import 'server-only';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { signingSecret } from '@/server/signing-secrets';

// Issue 33: a ticket's code is the registration's id, a random secret kept with it and a signature of both,
// e.g. 1234-KQWE-RTZU-PASD-FGHJ-XCVB-NMLK. Letters without I and O, so a code read aloud or typed from a
// phone's screen has no 0/O or 1/I to confuse, and digits only in the id, so dashes and spaces can go.
// The secret (16 letters, 73 bits) makes a code unguessable; the signature (8 letters) lets a check-in
// refuse a made-up code before asking the database.
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const secretLength = 16;
const signatureLength = 8;
const shape = new RegExp(`^(\\d{1,10})([${alphabet}]{${secretLength + signatureLength}})$`);

/** A new ticket secret for a registration. */
export function newTicketSecret(): string {
  let secret = '';
  for (let i = 0; i < secretLength; i++) secret += alphabet[randomInt(alphabet.length)];
  return secret;
}

// Its own key, derived from the installation's signing secret, so no new variable is needed and an
// unsubscribe token can never pass for a ticket's signature.
function ticketKey(): Buffer {
  return createHmac('sha256', signingSecret('UNSUBSCRIBE_SECRET')).update('portal ticket codes v1').digest();
}

function signatureOf(id: number, secret: string): string {
  const digest = createHmac('sha256', ticketKey()).update(`${id}.${secret}`).digest();
  let signature = '';
  for (let i = 0; i < signatureLength; i++) signature += alphabet[(digest[i] as number) % alphabet.length];
  return signature;
}

/** The code a ticket shows and its QR code carries, in groups of four letters. */
export function ticketCode(id: number, secret: string): string {
  const letters = secret + signatureOf(id, secret);
  return [String(id), ...(letters.match(/.{4}/g) ?? [])].join('-');
}

/**
 * The registration id and secret in a code as scanned or typed (any case, with or without dashes and spaces),
 * or null for anything that is not a code this installation signed.
 */
export function readTicketCode(input: string): { id: number; secret: string } | null {
  const compact = input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s-]+/g, '');
  const match = shape.exec(compact);
  if (!match) return null;
  const id = Number(match[1]);
  const letters = match[2] as string;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const secret = letters.slice(0, secretLength);
  const given = Buffer.from(letters.slice(secretLength));
  const expected = Buffer.from(signatureOf(id, secret));
  return timingSafeEqual(given, expected) ? { id, secret } : null;
}

/** Whether a stored secret is the one a code carried, in constant time. */
export function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
