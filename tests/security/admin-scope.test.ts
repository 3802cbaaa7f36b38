import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 26 item 10: the admin routes parsed a body before they checked the role, so a stranger's
// malformed JSON got 400 and a 900 KB JSON was parsed before the 401. The role is checked at onRequest,
// for the whole /api/admin scope at once.

setupTestDb();
const api = setupApi();

const malformed = '{"name": "Koncert", "slug": ';
const large = JSON.stringify({ name: 'x'.repeat(900 * 1024) });

/** Every /api/admin call the OpenAPI document lists, with sample path parameters. */
function adminCalls(): { method: string; url: string }[] {
  const paths = (api().swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace('{kind}', 'place').replace(/\{[^}]+\}/g, '1'),
      })),
    );
}

const send = (call: { method: string; url: string }, payload: string, headers: Record<string, string> = {}) =>
  api().inject({
    method: call.method as 'POST',
    url: call.url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('the admin scope', () => {
  it('answers 401 to anonymous and 403 to a user on every admin call, whatever the JSON body', async () => {
    const calls = adminCalls();
    expect(calls.filter((c) => c.method !== 'GET').length).toBeGreaterThan(20);
    const user = await createAccount('user');
    const company = await createAccount('company');
    for (const call of calls) {
      for (const body of [malformed, large]) {
        const anonymous = await send(call, body);
        expect([call, anonymous.statusCode]).toEqual([call, 401]);
        expect(anonymous.json().message).toBeTypeOf('string');
        for (const account of [user, company]) {
          const refused = await send(call, body, account.auth);
          expect([call, refused.statusCode]).toEqual([call, 403]);
        }
      }
    }
  });

  it('parses the body only for an admin (malformed JSON is then a 400)', async () => {
    const admin = await createAccount('admin');
    const res = await send({ method: 'POST', url: '/api/admin/catalogue/category' }, malformed, admin.auth);
    expect(res.statusCode).toBe(400);
  });

  it('refuses before the body arrives: the 401/403 comes while 899 KB of a declared 900 KB are unsent', async () => {
    const address = await api().listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const user = await createAccount('user');
    const statusOf = (headers: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error('no answer before the body was sent: the server waits to parse it'));
        }, 5_000);
        socket.once('data', (chunk) => {
          clearTimeout(timer);
          socket.destroy();
          resolve(chunk.toString('latin1').split('\r\n')[0] ?? '');
        });
        socket.write(
          `POST /api/admin/catalogue/category HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${900 * 1024}\r\n${headers}\r\n${large.slice(0, 1024)}`,
        );
      });
    expect(await statusOf('')).toBe('HTTP/1.1 401 Unauthorized');
    expect(await statusOf(`Authorization: ${user.auth.authorization}\r\n`)).toBe('HTTP/1.1 403 Forbidden');
  });
});
