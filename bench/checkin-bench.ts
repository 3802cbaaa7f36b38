import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { categories, places, registrations, users } from '@/db/schema';
import { registrationTermsSchema } from '@/lib/schemas/registrations';
import type { AuthUser } from '@/server/auth/access-tokens';
import { checkIn } from '@/server/registrations/check-in';
import { setRegistrationTerms } from '@/server/registrations/organiser';
import { register } from '@/server/registrations/register';
import { ticketCode } from '@/server/registrations/ticket-code';
import { argValue, runWithDb } from '../scripts/cli';
import { runLabel, writeBlock } from './harness';

// npm run bench:checkin -- [--database-url URL] [--tickets N] [--no-write]
// Issue 33: the door must answer in under a second, also when two phones scan one ticket at once. This fills an
// event with N confirmed tickets (a new database: the embedded one in a temporary folder, or the URL given), then
// times the check-in's answer for each case, one scan at a time and two phones at once on every ticket.

const tickets = Number(argValue('tickets') ?? 2000);
const write = !process.argv.includes('--no-write');
const databaseUrl = argValue('database-url');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-checkin-'));
process.env.DATA_DIR = dataDir;
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
else delete process.env.DATABASE_URL;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
};
const ms = (n: number) => n.toFixed(2);

const lines: string[] = [];
await runWithDb(async () => {
  const db = await getDb();
  const [category] = await db
    .insert(categories)
    .values({ slug: 'bench', namePl: 'Bench', nameEn: 'Bench' })
    .returning();
  const account = async (role: 'user' | 'company', i: number) => {
    const [row] = await db
      .insert(users)
      .values({
        email: `${role}${i}@bench.example.com`,
        role,
        firstName: `Osoba ${i}`,
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('insert failed');
    return { ...row, premiumSettingId: null, accessTokenId: 0 } as AuthUser;
  };
  const organiser = await account('company', 0);
  const [place] = await db
    .insert(places)
    .values({ userId: organiser.id, name: 'Sala', city: 'Gdańsk', street: 'Długa 1', postcode: '80-001' })
    .returning();
  const { events } = await import('@/db/schema');
  const start = new Date(Date.now() + 7 * 86_400_000);
  const eventOf = async (name: string) => {
    const [event] = await db
      .insert(events)
      .values({
        userId: organiser.id,
        placeId: place?.id as number,
        categoryId: category?.id as number,
        name,
        city: 'Gdańsk',
        startDate: start,
        endDate: new Date(start.getTime() + 7_200_000),
      })
      .returning();
    await setRegistrationTerms({
      actor: organiser,
      eventId: event?.id as number,
      input: registrationTermsSchema.parse({ capacity: String(tickets + 10), per_person: '1' }),
    });
    return event?.id as number;
  };
  const eventId = await eventOf('Warsztaty');
  const otherEvent = await eventOf('Inne warsztaty');

  const fillStarted = performance.now();
  const codes: string[] = [];
  for (let i = 1; i <= tickets; i++) {
    const attendee = await account('user', i);
    const made = await register({ actor: attendee, eventId, places: 1 });
    codes.push(ticketCode(made.id, made.secret));
  }
  const fillMs = performance.now() - fillStarted;
  const other = await register({ actor: await account('user', tickets + 1), eventId: otherEvent, places: 1 });
  const cancelledBy = await account('user', tickets + 2);
  const cancelled = await register({ actor: cancelledBy, eventId, places: 1 });
  await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, cancelled.id));

  const time = async (label: string, scan: (i: number) => Promise<string[]>, count: number) => {
    const took: number[] = [];
    const answers = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      for (const answer of await scan(i)) answers.set(answer, (answers.get(answer) ?? 0) + 1);
      took.push(performance.now() - t0);
    }
    const said = [...answers].map(([a, n]) => `${a} ${n}`).join(', ');
    lines.push(
      `| ${label} | ${count} | ${ms(percentile(took, 0.5))} | ${ms(percentile(took, 0.99))} | ${ms(Math.max(...took))} | ${said} |`,
    );
  };
  const scan = (code: string) => checkIn({ actor: organiser, eventId, code }).then((r) => r.result);
  const half = Math.floor(tickets / 2);
  await time('a valid ticket, one phone', (i) => Promise.all([scan(codes[i] as string)]), half);
  await time('the same tickets again (already used)', (i) => Promise.all([scan(codes[i] as string)]), half);
  await time(
    'two phones scanning one ticket at once',
    (i) => Promise.all([scan(codes[half + i] as string), scan(codes[half + i] as string)]),
    tickets - half,
  );
  await time('another event’s ticket', () => Promise.all([scan(ticketCode(other.id, other.secret))]), 200);
  await time(
    'a cancelled ticket',
    () => Promise.all([scan(ticketCode(cancelled.id, cancelled.secret))]),
    200,
  );
  await time('a made-up code', (i) => Promise.all([scan(`${i + 1}-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF`)]), 200);
  lines.unshift(
    `${runLabel().date}, commit ${runLabel().commit}, ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}, ${tickets} tickets (filled in ${(fillMs / 1000).toFixed(1)} s, ${ms(fillMs / tickets)} ms a registration), \`npm run bench:checkin${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\``,
    '',
    '| at the door | scans | p50 ms | p99 ms | max ms | answers |',
    '|---|---|---|---|---|---|',
  );
});
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(lines.join('\n'));
if (write && lines.length) writeBlock(databaseUrl ? 'checkin-pg' : 'checkin', lines);
process.exit(0);
