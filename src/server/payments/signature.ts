import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

// PayU signs each notification in the `OpenPayu-Signature` header:
// `sender=checkout;signature=<hex>;algorithm=<MD5|SHA-256|…>;content=DOCUMENT`, where the signature is
// the digest of the raw body followed by the second key (the "MD5 key" of the POS).

const digests: Record<string, string> = {
  MD5: 'md5',
  SHA: 'sha1',
  SHA1: 'sha1',
  'SHA-1': 'sha1',
  SHA256: 'sha256',
  'SHA-256': 'sha256',
};

export type SignatureAlgorithm = 'MD5' | 'SHA-256';

/** The signature and algorithm of the header, or null when either is missing or the algorithm unknown. */
export function parseSignatureHeader(
  header: string | undefined,
): { signature: string; digest: string } | null {
  if (!header) return null;
  const fields = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const signature = fields.get('signature')?.toLowerCase();
  const digest = digests[(fields.get('algorithm') ?? '').toUpperCase()];
  if (!signature || !digest || !/^[0-9a-f]+$/.test(signature)) return null;
  return { signature, digest };
}

/** The signature PayU sends for `body` (also how the test provider signs its own notifications). */
export function signBody(
  body: string | Buffer,
  secondKey: string,
  algorithm: SignatureAlgorithm = 'MD5',
): string {
  return createHash(digests[algorithm] as string)
    .update(body)
    .update(secondKey)
    .digest('hex');
}

/** The header the test provider sends with a notification it signed. */
export function signatureHeader(body: string, secondKey: string, algorithm: SignatureAlgorithm = 'SHA-256') {
  return `sender=checkout;signature=${signBody(body, secondKey, algorithm)};algorithm=${algorithm};content=DOCUMENT`;
}

/** Whether the header signs exactly these bytes with this key; compared in constant time. */
export function verifySignature(rawBody: Buffer, header: string | undefined, secondKey: string): boolean {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  const expected = createHash(parsed.digest).update(rawBody).update(secondKey).digest();
  const sent = Buffer.from(parsed.signature, 'hex');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
