// A flood of bogus password resets, sign-ins and sign-ups, run in a process of its own so that its
// client work does not slow the server under test (tests/security/password-hashing.test.ts).
// Environment: BASE (http://127.0.0.1:port), OWNER_EMAIL, CLIENT_ID, CLIENT_SECRET, CONNECTIONS,
// ADDRESSES (loopback addresses 127.0.1.1 ... to spread the connections over). Stops on SIGTERM and
// prints { requests, statuses } as one JSON line.
import http from 'node:http';

const base = process.env.BASE;
const connections = Number(process.env.CONNECTIONS ?? 30);
const addresses = Number(process.env.ADDRESSES ?? 3);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const statuses = {};
let requests = 0;
let stop = false;

function post(path, body, localAddress) {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

async function worker(n) {
  const address = `127.0.1.${(n % addresses) + 1}`;
  for (let i = 0; !stop; i++) {
    const tag = `${n}-${i}-${Math.random().toString(36).slice(2)}`;
    const kind = (n + i) % 3;
    const status =
      kind === 0
        ? await post(
            '/api/password/reset',
            {
              email: process.env.OWNER_EMAIL,
              token: `bogus-${tag}`.padEnd(43, 'x'),
              password: `Nowe-haslo-${tag}`,
              password_confirmation: `Nowe-haslo-${tag}`,
            },
            address,
          )
        : kind === 1
          ? await post(
              '/oauth/token',
              {
                grant_type: 'password',
                username: `ghost-${tag}@example.com`,
                password: 'x'.repeat(12),
                client_id: process.env.CLIENT_ID,
                client_secret: process.env.CLIENT_SECRET,
              },
              address,
            )
          : await post(
              '/api/user',
              {
                first_name: 'Bot',
                last_name: 'Bot',
                city: 'Gdańsk',
                email: `bot-${tag}@example.com`,
                password: `Bot-haslo-${tag}`,
                password_confirmation: `Bot-haslo-${tag}`,
              },
              address,
            );
    requests++;
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}

const workers = Array.from({ length: connections }, (_, n) => worker(n));
process.on('SIGTERM', async () => {
  stop = true;
  await Promise.allSettled(workers);
  process.stdout.write(`${JSON.stringify({ requests, statuses })}\n`);
  agent.destroy();
  process.exit(0);
});
process.stdout.write('started\n');
