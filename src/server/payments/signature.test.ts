import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, signBody, verifySignature } from './signature';

const key = 'second-key-0123456789';
const body = '{"order":{"orderId":"X","status":"COMPLETED"}}';
const md5 = createHash('md5')
  .update(body + key)
  .digest('hex');
const sha256 = createHash('sha256')
  .update(body + key)
  .digest('hex');

describe('OpenPayu-Signature', () => {
  it('verifies MD5 and SHA-256 over the raw body and the second key', () => {
    expect(signBody(body, key, 'MD5')).toBe(md5);
    expect(
      verifySignature(
        Buffer.from(body),
        `sender=checkout;signature=${md5};algorithm=MD5;content=DOCUMENT`,
        key,
      ),
    ).toBe(true);
    expect(
      verifySignature(
        Buffer.from(body),
        `sender=checkout;signature=${sha256};algorithm=SHA-256;content=DOCUMENT`,
        key,
      ),
    ).toBe(true);
    expect(
      verifySignature(Buffer.from(body), `signature=${sha256.toUpperCase()};algorithm=SHA256`, key),
    ).toBe(true);
  });

  it('refuses another key, another body, a missing or unknown algorithm and a malformed header', () => {
    const header = `sender=checkout;signature=${md5};algorithm=MD5;content=DOCUMENT`;
    expect(verifySignature(Buffer.from(body), header, 'other-key')).toBe(false);
    expect(verifySignature(Buffer.from(`${body} `), header, key)).toBe(false);
    expect(verifySignature(Buffer.from(body), `signature=${md5}`, key)).toBe(false);
    expect(verifySignature(Buffer.from(body), `signature=${md5};algorithm=CRC32`, key)).toBe(false);
    expect(verifySignature(Buffer.from(body), undefined, key)).toBe(false);
    expect(verifySignature(Buffer.from(body), 'signature=zz;algorithm=MD5', key)).toBe(false);
    expect(verifySignature(Buffer.from(body), `signature=${md5.slice(0, 30)};algorithm=MD5`, key)).toBe(
      false,
    );
    expect(parseSignatureHeader('garbage')).toBeNull();
  });
});
