import { describe, expect, it } from 'vitest';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const api = setupApi();

describe('GET /api/category', () => {
  it('names the categories in the language of Accept-Language', async () => {
    const en = await api().inject({ url: '/api/category', headers: { 'accept-language': 'en' } });
    const pl = await api().inject({ url: '/api/category', headers: { 'accept-language': 'pl' } });
    expect(en.statusCode).toBe(200);
    expect(pl.statusCode).toBe(200);
    const enNames = en.json().data.map((c: { name: string }) => c.name);
    const plNames = pl.json().data.map((c: { name: string }) => c.name);
    expect(enNames.length).toBeGreaterThanOrEqual(10);
    expect(enNames).toContain('Concerts');
    expect(enNames).toContain('Theatre');
    expect(plNames).toContain('Koncerty');
    expect(plNames).toContain('Teatr');
    expect(en.json().data.map((c: { id: number }) => c.id)).toEqual(
      pl.json().data.map((c: { id: number }) => c.id),
    );
    expect(en.headers['content-language']).toBe('en');
  });

  it('speaks Polish by default and follows the language cookie when no header is sent', async () => {
    const plain = await api().inject({ url: '/api/category' });
    expect(plain.json().data[0].name).toBe('Koncerty');
    const cookie = await api().inject({ url: '/api/category', cookies: { locale: 'en' } });
    expect(cookie.json().data[0].name).toBe('Concerts');
  });
});

describe('GET /api/language', () => {
  it('lists languages with localized names', async () => {
    const en = await api().inject({ url: '/api/language', headers: { 'accept-language': 'en' } });
    const pl = await api().inject({ url: '/api/language', headers: { 'accept-language': 'pl' } });
    expect(en.json().data.map((l: { name: string }) => l.name)).toContain('Polish');
    expect(pl.json().data.map((l: { name: string }) => l.name)).toContain('polski');
    expect(en.json().data[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });
});

describe('GET /api/text/slug/:slug', () => {
  it.each(['how-it-works', 'about-us', 'privacy', 'regulations', 'contact'])(
    'serves %s in both languages',
    async (slug) => {
      const pl = await api().inject({ url: `/api/text/slug/${slug}`, headers: { 'accept-language': 'pl' } });
      const en = await api().inject({ url: `/api/text/slug/${slug}`, headers: { 'accept-language': 'en' } });
      expect(pl.statusCode).toBe(200);
      expect(pl.json().data.slug).toBe(slug);
      expect(pl.json().data.text).toMatch(/<p>|<h2>/);
      expect(pl.json().data.title).not.toBe(en.json().data.title);
    },
  );

  it('answers 404 with a message in the language for an unknown slug', async () => {
    const en = await api().inject({
      url: '/api/text/slug/unknown-page',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ message: 'Not found.' });
    const pl = await api().inject({ url: '/api/text/slug/unknown-page' });
    expect(pl.json()).toEqual({ message: 'Nie znaleziono.' });
  });

  it('answers 422 with a field error for a malformed slug', async () => {
    const res = await api().inject({
      url: '/api/text/slug/DROP%20TABLE',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.slug).toEqual(['This value is not valid.']);
  });
});

describe('plans and packs', () => {
  it('GET /api/premium_setting lists the plans by level with every feature of spec §3', async () => {
    const res = await api().inject({ url: '/api/premium_setting', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const plans = res.json().data;
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(plans.map((p: { level: number }) => p.level)).toEqual(
      [...plans.map((p: { level: number }) => p.level)].sort(),
    );
    expect(plans.filter((p: { default: boolean }) => p.default)).toHaveLength(1);
    for (const key of [
      'id',
      'name',
      'level',
      'price',
      'promo',
      'promo_months',
      'is_promo_active',
      'default',
      'image',
      'available_events',
      'tech_support',
      'company_description',
      'ask_questions',
      'display_email',
      'display_phone',
      'images_count',
      'movies_count',
      'virtual_walk',
      'show_map',
      'display_url',
      'bonus_distance',
      'display_social',
      'calendar_access',
      'answer_comments',
      'messenger_access',
    ]) {
      expect(plans[0]).toHaveProperty(key);
    }
    expect(plans.map((p: { durations: number[] }) => p.durations)[0]).toEqual([1, 2, 3, 6]);
  });

  it('GET /api/payment_setting lists event packs, promotion packs and the home ad price', async () => {
    const res = await api().inject({ url: '/api/payment_setting' });
    const data = res.json().data;
    expect(data.packages.length).toBeGreaterThan(0);
    expect(data.packages[0]).toEqual({
      id: expect.any(Number),
      description: expect.any(String),
      price: expect.any(Number),
      count: expect.any(Number),
    });
    expect(data.price_packs.length).toBeGreaterThan(0);
    expect(data.home_ad).toEqual({ price: 250, days: 7 });
  });
});

describe('operations', () => {
  it('GET /api/health says the database is reachable', async () => {
    const res = await api().inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('GET /api/docs describes the API in OpenAPI, generated from the routes', async () => {
    const res = await api().inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/category',
        '/api/language',
        '/api/text/slug/{slug}',
        '/api/premium_setting',
      ]),
    );
    expect(doc.paths['/api/text/slug/{slug}'].get.parameters[0].name).toBe('slug');
  });

  it('an authenticated call still works for public reads', async () => {
    const { auth } = await createAccount('user');
    const res = await api().inject({ url: '/api/category', headers: auth });
    expect(res.statusCode).toBe(200);
  });
});
