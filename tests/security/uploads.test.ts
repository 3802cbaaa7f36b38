import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { translate } from '@/i18n/translate';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart, png } from '../helpers/forms';

// Issue 10 point 2 and point 10's declared lengths: who may upload and how much is settled before a byte
// of a file is read; files are streamed to staging, refused as soon as they break a rule, and reach
// storage only with the committed row.

setupTestDb();
const api = setupApi();

const listFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('.'))
    : [];
const stagingDir = () => path.join(getConfig().dataDir, 'staging');
const uploadsDir = () => getConfig().uploadsDir;
/** Files in staging and in storage, to compare before and after a request. */
const snapshot = () => ({ staging: listFiles(stagingDir()).length, stored: listFiles(uploadsDir()).sort() });

async function settled() {
  // Staging files of a request go when its connection closes, just after the answer.
  await new Promise((r) => setTimeout(r, 100));
}

let image: Buffer;
let company: Awaited<ReturnType<typeof createOrganiser>>;
let placeId: number;
let eventId: number;

beforeAll(async () => {
  image = await png(300, 200, '#123456');
  company = await createOrganiser();
  placeId = company.placeId;
  const db = await getDb();
  const [event] = await db
    .insert(s.events)
    .values({
      userId: company.user.id,
      placeId,
      categoryId: 1,
      name: 'Jazz',
      placeName: 'Klub',
      city: 'Gdańsk',
      street: 'Długa 3',
      postcode: '80-001',
      startDate: new Date('2031-01-01T18:00:00Z'),
      endDate: new Date('2031-01-01T20:00:00Z'),
      priceMin: 0,
      priceMax: 0,
      spotsLeft: 10,
    })
    .returning();
  eventId = event!.id;
});

const eventFields = (overrides: Record<string, string> = {}) => ({
  category_id: '1',
  place_id: String(placeId),
  name: 'Koncert',
  price_min: '10',
  price_max: '20',
  spots_left: '5',
  start_date: '2031-02-01',
  start_date_h: '18:00',
  end_date: '2031-02-01',
  end_date_h: '20:00',
  ...overrides,
});

describe('who may upload is settled before a file is read', () => {
  it('an anonymous event upload is a 401 that leaves nothing in staging', async () => {
    const before = snapshot();
    const form = await multipart(eventFields(), { banner: image, 'images[]': [image, image] });
    const res = await api().inject({ method: 'POST', url: '/api/event', ...form });
    expect(res.statusCode).toBe(401);
    await settled();
    expect(snapshot()).toEqual(before);
  });

  it('an attendee cannot upload to the company forms (403), nor a company to another’s event (403)', async () => {
    const user = await createAccount('user');
    const other = await createAccount('company');
    const form = await multipart(eventFields(), { banner: image });
    for (const [url, auth] of [
      ['/api/event', user.auth],
      ['/api/place', user.auth],
      [`/api/event/${eventId}`, other.auth],
      [`/api/place/${placeId}`, other.auth],
    ] as const) {
      const res = await api().inject({
        method: 'POST',
        url,
        headers: { ...form.headers, ...auth },
        payload: form.payload,
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('an empty quota is a 402 before the photos are read', async () => {
    const broke = await createAccount('company');
    const form = await multipart(eventFields(), { banner: image });
    const res = await api().inject({
      method: 'POST',
      url: '/api/event',
      headers: { ...form.headers, ...broke.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(402);
  });
});

describe('files are refused as soon as they break a rule', () => {
  it('more photos than the plan allows: 422 at the first one too many', async () => {
    // The company has no plan of its own: the default plan's 3 photos.
    const before = snapshot();
    const form = await multipart(eventFields(), { 'images[]': [image, image, image, image] });
    const res = await api().inject({
      method: 'POST',
      url: '/api/event',
      headers: { ...form.headers, ...company.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.images[0]).toMatch(/3/);
    await settled();
    expect(snapshot()).toEqual(before);
  });

  it('a file in a field that takes none, a second avatar, a non-image and an oversize file are 422s', async () => {
    const text = Buffer.from(
      'just some text, not an image at all, long enough to be sniffed properly: 0123456789',
    );
    const big = Buffer.concat([image, Buffer.alloc(2 * 1024 * 1024)]);
    const cases: [Record<string, Buffer | Buffer[]>, string, RegExp][] = [
      [{ passport: image }, 'passport', /./],
      [{ image: [image, image] }, 'image', /1/],
      [{ image: text }, 'image', /JPEG/],
      [{ image: big }, 'image', /2 MB/],
    ];
    for (const [files, field, says] of cases) {
      const before = snapshot();
      const form = await multipart(
        {
          first_name: 'Ala',
          last_name: 'Nowak',
          city: 'Kraków',
          email: `ala-${field}-${Math.random()}@example.com`,
          password: 'Sloneczny-Dzien-42',
          password_confirmation: 'Sloneczny-Dzien-42',
        },
        files,
      );
      const res = await api().inject({
        method: 'POST',
        url: '/api/user',
        headers: { ...form.headers, 'accept-language': 'en' },
        payload: form.payload,
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json().errors[field][0]).toMatch(says);
      await settled();
      expect(snapshot()).toEqual(before);
    }
    const [user] = await (await getDb()).select().from(s.users).where(eq(s.users.firstName, 'Ala'));
    expect(user).toBeUndefined();
  });
});

describe('a malformed multipart body', () => {
  // Issue 26 point 7: the parser's errors (garbage, a part cut off, no boundary) used to be 500s.
  const partHead = (name: string, file?: string) =>
    `--x\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ''}\r\n\r\n`;
  const bodies = (fileField: string): [string, string, Buffer][] => [
    ['garbage', 'multipart/form-data; boundary=x', Buffer.from('garbage')],
    ['a field cut off', 'multipart/form-data; boundary=x', Buffer.from(`${partHead('name')}Klub`)],
    [
      'a file cut off',
      'multipart/form-data; boundary=x',
      Buffer.concat([Buffer.from(partHead(fileField, 'a.png')), image.subarray(0, 200)]),
    ],
    [
      'no closing delimiter after a complete part',
      'multipart/form-data; boundary=x',
      Buffer.from(`${partHead('name')}Klub\r\n`),
    ],
    ['no boundary', 'multipart/form-data', Buffer.from(`${partHead('name')}Klub\r\n--x--\r\n`)],
    ['an empty boundary', 'multipart/form-data; boundary=', Buffer.from('garbage')],
    ['a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, Buffer.from('x')],
  ];
  const rowCounts = async () => {
    const db = await getDb();
    const [users, places, events] = await Promise.all([
      db.$count(s.users),
      db.$count(s.places),
      db.$count(s.events),
    ]);
    return { users, places, events };
  };

  it('is a 400 with the error shape on every form route, and changes nothing', async () => {
    const attendee = await createAccount('user');
    const routes: [string, Record<string, string>, string][] = [
      ['/api/user', attendee.auth, 'image'],
      [`/api/user/${attendee.user.id}`, attendee.auth, 'image'],
      ['/api/company', company.auth, 'banner'],
      [`/api/company/${company.user.id}`, company.auth, 'banner'],
      ['/api/place', company.auth, 'banner'],
      [`/api/place/${placeId}`, company.auth, 'banner'],
      ['/api/event', company.auth, 'banner'],
      [`/api/event/${eventId}`, company.auth, 'banner'],
    ];
    const before = { files: snapshot(), rows: await rowCounts() };
    for (const [url, auth, fileField] of routes) {
      for (const [what, contentType, payload] of bodies(fileField)) {
        const res = await api().inject({
          method: 'POST',
          url,
          headers: { ...auth, 'content-type': contentType, 'accept-language': 'en' },
          payload,
        });
        expect(res.statusCode, `${url}, ${what}: ${res.body}`).toBe(400);
        expect(res.json(), `${url}, ${what}`).toEqual({ message: translate('en', 'api.malformed_form') });
      }
    }
    await settled();
    expect({ files: snapshot(), rows: await rowCounts() }).toEqual(before);
  });

  it('is told in Polish by default', async () => {
    const res = await api().inject({
      method: 'POST',
      url: '/api/place',
      headers: { ...company.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'garbage',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nie udało się odczytać przesłanego formularza. Wyślij go ponownie.');
  });
});

describe('storage sees only committed rows', () => {
  it('a save refused after its photos were read and encoded leaves no file anywhere', async () => {
    const before = snapshot();
    const form = await multipart(eventFields({ category_id: '999999' }), {
      banner: await png(800, 300, '#aa0000'),
      'images[]': [await png(100, 100, '#00aa00'), await png(120, 90, '#0000aa')],
    });
    const res = await api().inject({
      method: 'POST',
      url: '/api/event',
      headers: { ...form.headers, ...company.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    await settled();
    expect(snapshot()).toEqual(before);
  });

  it('a place save whose transaction fails (unknown category, checked inside it) leaves no file anywhere', async () => {
    const before = snapshot();
    const form = await multipart(
      {
        name: 'Klub',
        city: 'Gdańsk',
        street: 'Długa 3',
        postcode: '80-001',
        phone: '+48 500 100 200',
        description: '<p>Opis</p>',
        'categories[]': ['999999'],
      },
      { logo: await png(64, 64, '#ff00ff'), 'images[]': [await png(90, 90, '#00ffff')] },
    );
    const res = await api().inject({
      method: 'POST',
      url: `/api/place/${placeId}`,
      headers: { ...form.headers, ...company.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    await settled();
    expect(snapshot()).toEqual(before);
  });

  it('a committed save moves its images from staging into storage', async () => {
    const before = snapshot();
    const form = await multipart(eventFields(), {
      banner: await png(800, 300, '#654321'),
      'images[]': [await png(100, 100, '#abcdef')],
    });
    const res = await api().inject({
      method: 'POST',
      url: '/api/event',
      headers: { ...form.headers, ...company.auth },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    await settled();
    const after = snapshot();
    expect(after.staging).toBe(before.staging);
    const { banner, images } = res.json().data as { banner: { url: string }; images: { url: string }[] };
    for (const url of [banner.url, ...images.map((i) => i.url)]) {
      expect(after.stored).toContain(url.replace('/media/', ''));
    }
  });
});

describe('a declared length over the route’s limit', () => {
  let port: number;
  beforeAll(async () => {
    await api().listen({ port: 0, host: '127.0.0.1' });
    port = (api().server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await api().close();
  });

  /** Sends only the head of a request and times the answer; the body never comes. */
  function headOnly(url: string, length: number, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => {
        const lines = [
          `POST ${url} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Content-Type: multipart/form-data; boundary=xyz',
          `Content-Length: ${length}`,
          ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        ];
        socket.write(`${lines.join('\r\n')}\r\n\r\n--xyz\r\n`);
      });
      socket.setTimeout(5000, () => {
        socket.destroy();
        reject(new Error('no answer within 5 s'));
      });
      socket.once('data', (chunk) => {
        const status = Number(/^HTTP\/1\.1 (\d+)/.exec(chunk.toString('latin1'))?.[1]);
        socket.destroy();
        resolve({ status, ms: Date.now() - started });
      });
      socket.on('error', reject);
    });
  }

  it('is a 413 at once: a 50 MB sign-up, a 1 GB event upload', async () => {
    const signUp = await headOnly('/api/user', 50 * 1024 * 1024);
    expect(signUp.status).toBe(413);
    expect(signUp.ms).toBeLessThan(1000);
    const company50 = await headOnly('/api/company', 50 * 1024 * 1024);
    expect(company50.status).toBe(413);
    const event = await headOnly('/api/event', 1024 * 1024 * 1024, {
      Authorization: company.auth.authorization,
    });
    expect(event.status).toBe(413);
    expect(event.ms).toBeLessThan(1000);
    // Within the bound, the same head waits for its body.
    await expect(headOnly('/api/user', 2 * 1024 * 1024)).rejects.toThrow(/no answer/);
  });
});
