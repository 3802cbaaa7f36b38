import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events, places } from '@/db/schema';
import { getStorage } from '@/server/media/storage';
import { RateLimitedError } from '@/server/rate-limit';
import { cardSvg, keptOgImage } from '@/server/seo/og-image';
import { eventOgSource, ogImageOf, readOgSource } from '@/server/seo/og-source';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { png } from '../helpers/forms';

setupTestDb();
const api = setupApi();

let eventId: number;
let placeId: number;
let hiddenEventId: number;

beforeAll(async () => {
  const db = await getDb();
  const owner = await insertActor('company');
  const place = await insertPlace(owner.id, { name: 'Teatr <Nowy> & "Stary"' });
  placeId = place.id;
  eventId = (await insertEvent(owner.id, place.id)).id;
  hiddenEventId = (await insertEvent(owner.id, place.id)).id;
  await db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hiddenEventId));
  // A wide banner of two colours, stored as uploads are.
  await getStorage().put('test/og-banner.png', await png(1600, 500, '#cc2200'));
  await db.update(places).set({ bannerUrl: '/media/test/og-banner.png' }).where(eq(places.id, place.id));
});

async function previewAt(url: string) {
  const res = await api().inject({ url });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
}

describe('Open Graph images', () => {
  it('draws a 1200×630 PNG card for an event without a picture, cached for good at its versioned address', async () => {
    const source = await readOgSource('event', eventId);
    if (!source) throw new Error('no source');
    expect(source.image).toBeNull();
    const image = ogImageOf(source, 'pl');
    expect(image).toMatchObject({ width: 1200, height: 630, type: 'image/png' });
    expect(image.url).toMatch(new RegExp(`^/api/og/event/${eventId}\\.png\\?v=[\\w-]+$`));
    const { res, meta } = await previewAt(image.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const again = await api().inject({
      url: image.url,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('gives an outdated or missing version the image of today, cached briefly', async () => {
    const { res } = await previewAt(`/api/og/event/${eventId}.png?v=old`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('cuts the record’s own picture to 1200×630 JPEG', async () => {
    const source = await readOgSource('place', placeId);
    if (!source) throw new Error('no source');
    const image = ogImageOf(source, 'en');
    expect(image.url).toMatch(new RegExp(`^/api/og/place/${placeId}\\.jpg\\?v=`));
    const { res, meta } = await previewAt(image.url);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const { dominant } = await sharp(res.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.b).toBeLessThan(80);
  });

  it('changes the address when what is drawn changes', async () => {
    const before = ogImageOf((await readOgSource('event', eventId))!, 'pl').url;
    const db = await getDb();
    await db.update(events).set({ name: 'Nowa nazwa' }).where(eq(events.id, eventId));
    const after = ogImageOf((await readOgSource('event', eventId))!, 'pl').url;
    expect(after).not.toBe(before);
    expect(ogImageOf((await readOgSource('event', eventId))!, 'en').url).not.toBe(after);
  });

  it('answers 404 for a hidden or unknown record and a malformed address', async () => {
    for (const url of [
      `/api/og/event/${hiddenEventId}.png`,
      '/api/og/event/999999.png',
      `/api/og/event/${eventId}.gif`,
      `/api/og/event/0${eventId}.png`,
      `/api/og/user/${eventId}.png`,
    ]) {
      expect((await api().inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('escapes the text it draws', () => {
    const svg = cardSvg(
      eventOgSource({
        id: 1,
        name: '<script>&amp; "x"',
        start_date: '2026-05-01T18:00:00Z',
        city: 'Łódź',
        place_name: "O'Neill & Co",
        image: null,
      }),
      'pl',
    );
    expect(svg).toContain('&lt;script&gt;&amp;amp; &quot;x&quot;');
    expect(svg).toContain('O&apos;Neill &amp; Co');
    expect(svg).not.toContain('<script>');
  });
});

describe('keptOgImage', () => {
  it('draws a preview once and limits the new drawings one address asks for', async () => {
    let draws = 0;
    const draw = async () => {
      draws++;
      return Buffer.from('png');
    };
    const address = '203.0.113.77';
    expect(await keptOgImage('event/1/"a"', address, draw)).toEqual(Buffer.from('png'));
    await keptOgImage('event/1/"a"', address, draw);
    expect(draws).toBe(1);
    for (let n = 2; n <= 60; n++) await keptOgImage(`event/${n}/"a"`, address, draw);
    expect(draws).toBe(60);
    await expect(keptOgImage('event/61/"a"', address, draw)).rejects.toBeInstanceOf(RateLimitedError);
    // A kept one is still served to that address, and another address may have new ones drawn.
    await keptOgImage('event/60/"a"', address, draw);
    await keptOgImage('event/61/"a"', '203.0.113.78', draw);
    expect(draws).toBe(61);
  });
});
