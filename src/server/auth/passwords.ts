import 'server-only';
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { getConfig } from '@/config';
import { passwordQueue } from './hash-queue';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// scrypt with OWASP's minimum cost (N=2^17, r=8, p=1; tests lower N, config.ts); parameters are stored
// with the hash so they can be raised later without invalidating old passwords.
const params = () => ({ N: 2 ** getConfig().passwordHashCost, r: 8, p: 1 });
const keyLength = 32;

/**
 * A stored hash no password matches, at the cost of a new one: checking it when an account does not
 * exist takes as long as a real check, so the answer's timing does not tell which e-mails have accounts.
 */
export const unmatchableHash = () => {
  const { N, r, p } = params();
  return `scrypt$${N}$${r}$${p}$${'A'.repeat(22)}==$${'A'.repeat(43)}=`;
};

/**
 * `lane` names who asked (the client's address, or the account) and `urgent` marks a sign-in worth
 * serving first: hashes wait in a bounded queue (hash-queue.ts), so a flood cannot stall sign-ins.
 */
interface QueueOptions {
  lane?: string;
  urgent?: boolean;
}

export async function hashPassword(
  password: string,
  { lane = 'system', urgent }: QueueOptions = {},
): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params();
  const key = await passwordQueue.run(
    lane,
    () => scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * 1024 * 1024 }),
    { urgent },
  );
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(
  password: string,
  stored: string | null,
  { lane = 'system', urgent }: QueueOptions = {},
): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await passwordQueue.run(
    lane,
    () =>
      scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        maxmem: 256 * 1024 * 1024,
      }),
    { urgent },
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
