import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '@/db/client';
import { type PortalServer, seededFolder, startPortal } from '../helpers/portal-server';
import { withDatabase } from '../setup/global-db';
import { ensureBuild } from '../setup/global-server';

// Issue 10 point 2: the form reader once held every file of a request in memory before any check, so six
// parallel anonymous requests grew the process to about 2 GB. Here the real server (as `npm start` runs
// it) takes 20 parallel uploads of the largest size the PRO plan allows: a banner and 20 photos of 2 MB
// each per request, 840 MB in all, while its resident memory is sampled.
//
// On PostgreSQL (CI gives one in E2E_DATABASE_URL) the whole process must stay under 400 MB. The embedded
// database lives inside the process and alone holds about 170 MB, so there the idle process is about
// 415 MB and the uploads may add at most 100 MB (docs/security.md).

const maxRssBytes = 400 * 1024 * 1024;
const maxGrowthBytes = 100 * 1024 * 1024;
const pgUrl = process.env.E2E_DATABASE_URL;
const parallel = 20;
const mb2 = 2 * 1024 * 1024;

let photo: Buffer;

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/**
 * A photo padded to exactly 2 MB (decoders ignore bytes after a JPEG's end marker): every byte of the limit
 * crosses the wire and must be streamed, while decoding stays cheap enough for 420 of them in a test.
 */
async function photoOfMaxSize(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#336699' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#f59e0b"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.alloc(mb2 - jpeg.length)]);
}

async function signIn(baseUrl: string) {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: 'portal-web',
      client_secret: 'portal-web-local-secret',
      username: 'firma@example.com',
      password: 'Demo1234!',
    }),
  });
  expect(res.status).toBe(200);
  const token = ((await res.json()) as { access_token: string }).access_token;
  const mine = await fetch(`${baseUrl}/api/event/get_mine`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const events = ((await mine.json()) as { data: { id: number }[] }).data;
  expect(events.length).toBeGreaterThan(0);
  return { token, eventId: events[0]!.id };
}

function editForm(): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    _method: 'PUT',
    category_id: '1',
    name: 'Koncert z galerią',
    price_min: '10',
    price_max: '20',
    spots_left: '100',
    start_date: '2031-05-01',
    start_date_h: '18:00',
    end_date: '2031-05-01',
    end_date_h: '20:00',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const file = () => new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });
  form.append('banner', file(), 'banner.jpg');
  for (let i = 0; i < 20; i++) form.append('images[]', file(), `photo-${i}.jpg`);
  return form;
}

/** Idle and peak RSS of a fresh portal through the uploads; every upload must have been saved. */
async function measure(server: PortalServer): Promise<{ idle: number; peak: number }> {
  const { token, eventId } = await signIn(server.baseUrl);
  const idle = rssOf(server.pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid));
  }, 50);
  const started = Date.now();
  try {
    const answers = await Promise.all(
      Array.from({ length: parallel }, () =>
        fetch(`${server.baseUrl}/api/event/${eventId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: editForm(),
        }).then(async (r) => `${r.status}${r.status === 200 ? '' : ` ${await r.text()}`}`),
      ),
    );
    expect(answers).toEqual(Array(parallel).fill('200'));
  } finally {
    clearInterval(sampler);
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `${parallel} × 21 files of 2 MB in ${((Date.now() - started) / 1000).toFixed(1)} s: idle ${mb(idle)}, peak ${mb(peak)}`,
  );
  const event = await fetch(`${server.baseUrl}/api/event/${eventId}`).then((r) => r.json());
  expect((event as { data: { images: unknown[] } }).data.images).toHaveLength(20);
  return { idle, peak };
}

beforeAll(async () => {
  ensureBuild();
  photo = await photoOfMaxSize();
}, 600_000);

describe('20 parallel maximum-size uploads', () => {
  it('add at most 100 MB to the portal on its embedded database', async () => {
    const server = await startPortal({ from: seededFolder() });
    try {
      const { idle, peak } = await measure(server);
      expect(peak - idle).toBeLessThan(maxGrowthBytes);
    } finally {
      await server.stop();
    }
  }, 300_000);

  it.skipIf(!pgUrl)(
    'keep the portal on PostgreSQL under 400 MB RSS',
    async () => {
      const name = `portal_rss_${randomBytes(4).toString('hex')}`;
      const admin = await openPostgres(pgUrl!, { max: 1 });
      await admin.db.execute(`create database ${name}`);
      try {
        const server = await startPortal({ databaseUrl: withDatabase(pgUrl!, name) });
        try {
          const { peak } = await measure(server);
          expect(peak).toBeLessThan(maxRssBytes);
        } finally {
          await server.stop();
        }
      } finally {
        await admin.db.execute(`drop database if exists ${name} with (force)`);
        await admin.close();
      }
    },
    300_000,
  );
});
