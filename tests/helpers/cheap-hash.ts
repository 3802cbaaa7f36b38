import { randomBytes, scryptSync } from 'node:crypto';

/**
 * A stored password hash in the portal's format at a thousandth of its cost (N=2^10, not 2^17). The
 * portal reads the parameters from the stored hash, so tests of what surrounds the check (limits,
 * lockouts) stop waiting for scrypt; the cost itself is tested with real hashes (password-hashing.test.ts).
 */
export function cheapPasswordHash(password: string): string {
  const [N, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}
