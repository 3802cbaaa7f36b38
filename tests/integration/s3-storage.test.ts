import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getConfig, resetConfig } from '@/config';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { type S3Options, s3Storage } from '@/server/media/s3-storage';
import { getStorage, resetStorage } from '@/server/media/storage';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart, png } from '../helpers/forms';
import { startS3 } from '../helpers/s3';

// Issue 16: with S3_BUCKET the uploads live in an S3-compatible bucket (here a real s3rver speaking the
// protocol), so every portal process serves what any other stored.

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
process.on('warning', onWarning);

const s3 = await startS3();
for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
// Whatever read the configuration while the modules loaded did so before the S3 variables were set.
resetConfig();
resetStorage();

setupTestDb();
const api = setupApi();

// The test's own client reads back what the portal stored, as another process or the CDN would. It is
// made on first use, after the portal's store, so the warning test sees what the portal's client does.
let client: S3Client | undefined;
const bucket = () => {
  client ??= new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
};
const head = (key: string) => bucket().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
const read = async (key: string) => {
  const object = await bucket().send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return buffer(object.Body as NodeJS.ReadableStream);
};
const keysIn = async (prefix: string) =>
  ((await bucket().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? [])
    .map((o) => o.Key)
    .sort();

const options = (): S3Options => {
  const s3Config = getConfig().s3;
  if (!s3Config) throw new Error('S3 is not configured');
  return s3Config;
};

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

afterAll(async () => {
  client?.destroy();
  await s3.stop();
  vi.unstubAllEnvs();
  resetConfig();
  resetStorage();
  process.off('warning', onWarning);
});

describe('the S3 store', () => {
  it('is the store getStorage() gives when S3_BUCKET is set', async () => {
    await getStorage().put('test/chosen.png', await png(8, 8));
    expect(await keysIn('test/chosen')).toEqual(['test/chosen.png']);
    expect(fs.existsSync(path.join(getConfig().uploadsDir, 'test/chosen.png'))).toBe(false);
  });

  it.each([
    ['test/a.webp', 'image/webp'],
    ['test/a.png', 'image/png'],
    ['test/a.jpg', 'image/jpeg'],
    ['test/a.JPEG', 'image/jpeg'],
    ['test/a.svg', 'image/svg+xml'],
  ])('puts %s with its content type and the year-long cache, and reads it back', async (key, type) => {
    const body = Buffer.from(`bytes of ${key}`);
    await getStorage().put(key, body);
    const stored = await head(key);
    expect(stored.ContentType).toBe(type);
    expect(stored.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(stored.ContentLength).toBe(body.length);
    const object = await getStorage().get(key);
    expect(object?.size).toBe(body.length);
    expect(await buffer(object!.body)).toEqual(body);
  });

  it('streams a staged file into the bucket and removes the staged file', async () => {
    const file = path.join(getConfig().dataDir, `staged-${process.pid}.webp`);
    // Larger than one socket write, so the body really goes out as a stream of its declared length.
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    fs.writeFileSync(file, body);
    await getStorage().putFile('photo/staged.webp', file);
    expect(fs.existsSync(file)).toBe(false);
    const stored = await head('photo/staged.webp');
    expect(stored.ContentType).toBe('image/webp');
    expect(stored.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(stored.ContentLength).toBe(body.length);
    expect((await read('photo/staged.webp')).equals(body)).toBe(true);
  });

  it('sends a staged file again when the connection breaks under it (a store closing a kept-alive one)', async () => {
    // A proxy in front of the store that cuts the first connection carrying a PUT once its body starts.
    let cut = 0;
    const target = new URL(options().endpoint as string);
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      let seen = '';
      client.on('data', (chunk) => {
        seen += chunk.toString('latin1', 0, Math.min(chunk.length, 64));
        if (cut === 0 && seen.startsWith('PUT ')) {
          cut++;
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk) => client.write(chunk));
      upstream.on('end', () => client.end());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
      const file = path.join(getConfig().dataDir, `cut-${process.pid}.webp`);
      const body = Buffer.alloc(512 * 1024, 3);
      fs.writeFileSync(file, body);
      await s3Storage({ ...options(), endpoint }).putFile('photo/after-a-cut.webp', file);
      expect(cut).toBe(1);
      expect(fs.existsSync(file)).toBe(false);
      expect((await read('photo/after-a-cut.webp')).equals(body)).toBe(true);
    } finally {
      proxy.close();
    }
  });

  it('answers null for a missing key, removes keys, and refuses keys that could leave the namespace', async () => {
    const storage = getStorage();
    expect(await storage.get('test/never-stored.webp')).toBeNull();
    await storage.put('test/gone.webp', Buffer.from('x'));
    await storage.remove('test/gone.webp');
    expect(await storage.get('test/gone.webp')).toBeNull();
    expect(await keysIn('test/gone')).toEqual([]);

    for (const key of ['../secret.webp', 'test/../x.webp', '/abs.webp', 'nofolder.webp', 'a/b c.webp']) {
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid media key');
      await expect(storage.remove(key)).rejects.toThrow('invalid media key');
    }
    expect(await keysIn('..')).toEqual([]);
  });

  it('throws other errors than a missing key (a missing bucket is no missing picture)', async () => {
    const storage = s3Storage({ ...options(), bucket: 'no-such-bucket' });
    await expect(storage.get('test/a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('checks the bucket, and names the variable in one line when it cannot be used', async () => {
    await expect(getStorage().check()).resolves.toBeUndefined();

    const wrongBucket = await s3Storage({ ...options(), bucket: 'no-such-bucket' })
      .check()
      .catch((e: Error) => e);
    expect((wrongBucket as Error).message).toBe(
      `Invalid configuration: S3_BUCKET "no-such-bucket" does not exist at S3_ENDPOINT ${s3.endpoint}`,
    );

    const wrongKeys = await s3Storage({
      ...options(),
      credentials: { accessKeyId: 'someone-else', secretAccessKey: 'do-not-print-me' },
    })
      .check()
      .catch((e: Error) => e);
    expect((wrongKeys as Error).message).toMatch(
      /^Invalid configuration: S3_BUCKET "[^"]+" refuses access at S3_ENDPOINT \S+: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY \(403\)$/,
    );
    expect((wrongKeys as Error).message).not.toContain('do-not-print-me');

    // No keys and nothing else for the SDK's chain to find (no AWS_* variables, no instance metadata).
    for (const name of [
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_PROFILE',
      'AWS_WEB_IDENTITY_TOKEN_FILE',
    ])
      vi.stubEnv(name, undefined);
    vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', path.join(getConfig().dataDir, 'no-credentials'));
    vi.stubEnv('AWS_CONFIG_FILE', path.join(getConfig().dataDir, 'no-config'));
    const noKeys = await s3Storage({ ...options(), credentials: undefined })
      .check()
      .catch((e: Error) => e);
    expect((noKeys as Error).message).toMatch(
      /^Invalid configuration: S3_BUCKET "[^"]+" needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY \(unset, and the SDK found no other credentials\)$/,
    );
  });

  it('fails fast with one line for an endpoint nothing listens on', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const started = Date.now();
    const error = await s3Storage({ ...options(), bucket: 'media', endpoint })
      .check()
      .catch((e: Error) => e);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((error as Error).message).toBe(
      `Invalid configuration: S3_BUCKET "media" cannot be reached at S3_ENDPOINT ${endpoint} (ECONNREFUSED)`,
    );
  });

  it('gives up within seconds on an endpoint that accepts connections and never answers', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const started = Date.now();
    const error = await s3Storage({ ...options(), endpoint })
      .check()
      .catch((e: Error) => e);
    const elapsed = Date.now() - started;
    for (const socket of sockets) socket.destroy();
    silent.close();
    expect(elapsed).toBeLessThan(6_500);
    expect((error as Error).message).toMatch(
      /^Invalid configuration: S3_BUCKET "[^"\n]+" cannot be reached at /,
    );
    expect((error as Error).message).toContain('(no answer within 5 s)');
  });

  it('loads the SDK without its Node version warning', () => {
    expect(warnings.map((w) => w.message).filter((m) => m.includes('NodeVersionSupportWarning'))).toEqual([]);
  });
});

describe('uploads through the API', () => {
  let logoKey: string;

  beforeAll(async () => {
    const db = await getDb();
    const owner = await createAccount('company');
    const plans = await db.select().from(s.premiumSettings);
    const pro = plans.reduce((a, b) => (b.level > a.level ? b : a));
    await db.update(s.users).set({ premiumSettingId: pro.id }).where(eq(s.users.id, owner.user.id));
    const form = await multipart(
      {
        name: 'Galeria',
        city: 'Gdańsk',
        street: 'Długa 1',
        postcode: '80-001',
        phone: '+48 58 123 45 67',
        description: '<p>Wystawy.</p>',
        'categories[]': ['2'],
        ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`place_hours_closed[${day}]`, '1'])),
      },
      { logo: await png(300, 300, '#aa3300') },
    );
    const res = await api().inject({
      method: 'POST',
      url: '/api/place',
      headers: { ...form.headers, ...owner.auth },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().data.logo.url;
    expect(url).toMatch(/^\/media\/logo\/[0-9a-f]+\.webp$/);
    logoKey = url.slice('/media/'.length);
  });

  it('stores an uploaded image and its variant in the bucket, with type and cache headers', async () => {
    const name = logoKey.replace(/\.webp$/, '');
    expect(await keysIn(name)).toEqual([`${name}-512.webp`, logoKey]);
    const stored = await head(logoKey);
    expect(stored.ContentType).toBe('image/webp');
    expect(stored.CacheControl).toBe('public, max-age=31536000, immutable');
    // Nothing of it stays in the staging folder.
    const staging = path.join(getConfig().dataDir, 'staging');
    expect(fs.existsSync(staging) ? fs.readdirSync(staging) : []).toEqual([]);
  });

  it('serves the stored image at /media with the same headers as from disk', async () => {
    const res = await api().inject({ url: `/media/${logoKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const bytes = await read(logoKey);
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 404 for keys that are missing, of an unknown type or invalid', async () => {
    for (const url of ['/media/logo/0000.webp', '/media/test/readme.txt', '/media/..%2Fetc/passwd.png']) {
      expect((await api().inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('redirects to S3_PUBLIC_URL without reading the store when it is set', async () => {
    vi.stubEnv('S3_PUBLIC_URL', 'https://cdn.example.com/portal/');
    resetConfig();
    resetStorage();
    try {
      const res = await api().inject({ url: `/media/${logoKey}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://cdn.example.com/portal/${logoKey}`);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      // Not read: a key the bucket does not hold redirects all the same.
      const missing = await api().inject({ url: '/media/logo/0000.webp' });
      expect(missing.statusCode).toBe(302);
      // Nothing that could not be a stored image is sent anywhere.
      expect((await api().inject({ url: '/media/test/readme.txt' })).statusCode).toBe(404);
      expect((await api().inject({ url: '/media/..%2Fetc/passwd.png' })).statusCode).toBe(404);
    } finally {
      vi.stubEnv('S3_PUBLIC_URL', undefined);
      resetConfig();
      resetStorage();
    }
  });
});
