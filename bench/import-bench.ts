import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { argValue } from '../scripts/cli';
import { runLabel, startPortal, writeBlock } from './harness';

// npm run bench:imports -- [--database-url URL] [--no-write]
// Issue 26 item 1: one company froze the portal with a repeat rule (a 3.4 KB calendar answered after 58 s
// and /api/health waited with it). This starts the portal with its demo data, signs in as the demo company
// and, while a second loop asks /api/health every 10 ms, uploads the probe's calendar, a 2 MB calendar and
// saves events whose rules start in 1970 and in the year 1000. What matters is how long /api/health
// waited: that is how long everyone else waited.

const databaseUrl = argValue('database-url') ?? '';
const write = !process.argv.includes('--no-write');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-imports-'));
const portal = await startPortal({ databaseUrl, dataDir, env: { SEED_DEMO: 'true' } });
const { url } = portal;

const token = await fetch(`${url}/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    grant_type: 'password',
    username: 'firma@example.com',
    password: 'Demo1234!',
    client_id: 'portal-web',
    client_secret: 'portal-web-local-secret',
  }),
}).then((r) => r.json() as Promise<{ access_token: string }>);
const auth = { authorization: `Bearer ${token.access_token}` };
const me = (await fetch(`${url}/api/user`, { headers: auth }).then((r) => r.json())) as {
  data: { places: { id: number }[] };
};
const placeId = me.data.places[0]?.id;
if (!placeId) throw new Error('the demo company has no place');

function calendar(events: number, vevent: (i: number) => string[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN'];
  for (let i = 0; i < events; i++) lines.push('BEGIN:VEVENT', ...vevent(i), 'END:VEVENT');
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const probeFile = calendar(20, (i) => [
  `UID:rare-${i}@bench`,
  `SUMMARY:Rare ${i}`,
  'DTSTART:10000106T100000',
  'DTEND:10000106T110000',
  'RRULE:FREQ=DAILY;BYMONTHDAY=31;BYDAY=MO',
]);
// Just under the import's 2 MB limit.
const bigEvents = 7_000;
const bigFile = calendar(bigEvents, (i) => [
  `UID:big-${i}@bench`,
  `SUMMARY:Koncert ${i}`,
  `DESCRIPTION:${'Opis wydarzenia. '.repeat(6)}`,
  'DTSTART:19700105T180000',
  'DTEND:19700105T200000',
  'RRULE:FREQ=DAILY;BYMONTHDAY=31;BYDAY=MO',
]);

function importForm(file: string): FormData {
  const form = new FormData();
  form.set('category_id', '1');
  form.set('file', new Blob([file], { type: 'text/calendar' }), 'bench.ics');
  return form;
}

function eventForm(day: string, rule = 'FREQ=DAILY;BYMONTHDAY=31;BYDAY=MO'): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    category_id: '1',
    place_id: String(placeId),
    name: 'Seria z benchmarku',
    price_min: '0',
    price_max: '0',
    spots_left: '0',
    start_date: day,
    start_date_h: '10:00',
    end_date: day,
    end_date_h: '11:00',
    ...(rule ? { repeat: 'custom', repeat_rule: rule } : {}),
  }))
    form.set(k, v);
  return form;
}

interface Row {
  name: string;
  status: number;
  answerMs: number;
  healthMaxMs: number;
  healthP99Ms: number;
  healthCount: number;
}

/** Runs `request` while /api/health is asked every 10 ms, one at a time. */
async function measure(name: string, request: () => Promise<Response>): Promise<Row> {
  const latencies: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t0 = performance.now();
  const answer = await request();
  await answer.arrayBuffer();
  const answerMs = performance.now() - t0;
  running = false;
  await prober;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0;
  return {
    name,
    status: answer.status,
    answerMs: Math.round(answerMs),
    healthMaxMs: Math.round(at(1)),
    healthP99Ms: Math.round(at(0.99)),
    healthCount: latencies.length,
  };
}

const post = (to: string, body: FormData) => () =>
  fetch(`${url}${to}`, { method: 'POST', headers: auth, body });
const rows: Row[] = [];
try {
  const idle = () => new Promise<Response>((r) => setTimeout(() => r(new Response('')), 3000));
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  // Event saves first: the 2 MB calendar takes every creation the demo company has left.
  rows.push(await measure('idle (nothing else running)', idle));
  rows.push(
    await measure(
      'an event saved without a rule (the same writes, for comparison)',
      post('/api/event', eventForm(nextWeek, '')),
    ),
  );
  rows.push(
    await measure(
      'an event saved with that rule from 1970-01-05',
      post('/api/event', eventForm('1970-01-05')),
    ),
  );
  rows.push(
    await measure(
      'an event saved with that rule from 1000-01-06 (refused)',
      post('/api/event', eventForm('1000-01-06')),
    ),
  );
  rows.push(
    await measure(
      "the probe's 3.4 KB calendar (20 rules from the year 1000)",
      post(`/api/place/${placeId}/imports`, importForm(probeFile)),
    ),
  );
  rows.push(
    await measure(
      `a 2 MB calendar (${bigEvents.toLocaleString('en')} rules from 1970)`,
      post(`/api/place/${placeId}/imports`, importForm(bigFile)),
    ),
  );
} finally {
  await portal.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const { date, commit } = runLabel();
const args = process.argv.slice(2).join(' ');
const lines = [
  `${date}, commit ${commit}, ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}, demo data, \`npm run bench:imports${args ? ` -- ${args}` : ''}\``,
  '',
  '| while… | answer | took ms | /api/health max ms | p99 ms | asked |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.status} | ${r.answerMs} | ${r.healthMaxMs} | ${r.healthP99Ms} | ${r.healthCount} |`,
  ),
];
console.log(lines.join('\n'));
if (write) writeBlock(databaseUrl ? 'imports-pg' : 'imports', lines);
