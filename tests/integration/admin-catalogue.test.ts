import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, categories, placeCategories, premiumSettings } from '@/db/schema';
import { insertEvent } from '@/test-support/fixtures';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart, png } from '../helpers/forms';

// Issue 14 point 4: the admin catalogue. Categories, languages, text pages, premium plans, event packs,
// promotion packs and the home-ad price; every call refuses anonymous (401) and non-admins (403), every
// write leaves an audit row and shows in the public API at once.

setupTestDb();
const api = setupApi();

type Auth = Record<string, string>;
let admin: { auth: Auth; user: { id: number } };
let user: { auth: Auth };
let company: { auth: Auth };

beforeAll(async () => {
  admin = await createAccount('admin');
  user = await createAccount('user');
  company = await createAccount('company');
});

const base = '/api/admin/catalogue';

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  auth: Auth,
  payload?: unknown,
  lang = 'pl',
) {
  return api().inject({
    method,
    url,
    headers: { ...auth, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function lastAudit(action: string, targetId?: number) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(auditLog)
    .where(
      targetId === undefined
        ? eq(auditLog.action, action)
        : and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
  ['GET', `${base}/category`],
  ['POST', `${base}/category`],
  ['PUT', `${base}/category/1`],
  ['DELETE', `${base}/category/1`],
  ['GET', `${base}/language`],
  ['POST', `${base}/language`],
  ['PUT', `${base}/language/1`],
  ['DELETE', `${base}/language/1`],
  ['GET', `${base}/text`],
  ['GET', `${base}/text/privacy`],
  ['PUT', `${base}/text/privacy`],
  ['POST', `${base}/text-preview`],
  ['GET', `${base}/plan`],
  ['POST', `${base}/plan`],
  ['PUT', `${base}/plan/1`],
  ['GET', `${base}/packs`],
  ['POST', `${base}/event-pack`],
  ['PUT', `${base}/event-pack/1`],
  ['DELETE', `${base}/event-pack/1`],
  ['POST', `${base}/price-pack`],
  ['PUT', `${base}/price-pack/1`],
  ['DELETE', `${base}/price-pack/1`],
  ['PUT', `${base}/home-ad`],
];

describe('admin catalogue: who may call it', () => {
  it('answers 401 to anonymous callers and 403 to users and companies, on every route', async () => {
    for (const [method, url] of routes) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { name_pl: 'x' };
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, user.auth, payload)).statusCode, `${method} ${url} user`).toBe(403);
      expect((await call(method, url, company.auth, payload)).statusCode, `${method} ${url} company`).toBe(
        403,
      );
    }
  });

  it('answers the lists to an admin', async () => {
    for (const url of ['category', 'language', 'text', 'plan', 'packs']) {
      const res = await call('GET', `${base}/${url}`, admin.auth);
      expect(res.statusCode, url).toBe(200);
    }
    const texts = (await call('GET', `${base}/text`, admin.auth)).json().data as { slug: string }[];
    expect(texts.map((t) => t.slug).sort()).toEqual(
      ['about-us', 'contact', 'how-it-works', 'privacy', 'regulations'].sort(),
    );
  });
});

describe('categories', () => {
  it('an edit of both names shows in GET /api/category at once, in each language', async () => {
    const list = (await call('GET', `${base}/category`, admin.auth)).json().data as {
      id: number;
      slug: string;
      position: number;
    }[];
    const first = list[0];
    if (!first) throw new Error('no categories seeded');
    // Read once so that the list is cached before the edit.
    await call('GET', '/api/category', {});
    const res = await call('PUT', `${base}/category/${first.id}`, admin.auth, {
      slug: first.slug,
      name_pl: 'Koncerty na żywo',
      name_en: 'Live concerts',
      position: String(first.position),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name_pl: 'Koncerty na żywo', name_en: 'Live concerts' });

    const pl = (await call('GET', '/api/category', {}, undefined, 'pl')).json().data as {
      id: number;
      name: string;
    }[];
    const en = (await call('GET', '/api/category', {}, undefined, 'en')).json().data as {
      id: number;
      name: string;
    }[];
    expect(pl.find((c) => c.id === first.id)?.name).toBe('Koncerty na żywo');
    expect(en.find((c) => c.id === first.id)?.name).toBe('Live concerts');

    const audit = await lastAudit('category.update', first.id);
    expect(audit?.adminId).toBe(admin.user.id);
    expect(audit?.after).toMatchObject({ name_pl: 'Koncerty na żywo', name_en: 'Live concerts' });
    expect(audit?.before).toHaveProperty('name_pl');
  });

  it('creates a category with an image, then deletes it while no event uses it', async () => {
    const form = await multipart(
      { slug: 'warsztaty-testowe', name_pl: 'Warsztaty testowe', name_en: 'Test workshops', position: '40' },
      { image: await png() },
    );
    const res = await api().inject({
      method: 'POST',
      url: `${base}/category`,
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as { id: number; image: { url: string } | null };
    expect(created.image?.url).toMatch(/^\/media\//);
    const en = (await call('GET', '/api/category', {}, undefined, 'en')).json().data as { name: string }[];
    expect(en.map((c) => c.name)).toContain('Test workshops');
    expect((await lastAudit('category.create', created.id))?.after).toMatchObject({
      slug: 'warsztaty-testowe',
    });

    expect((await call('DELETE', `${base}/category/${created.id}`, admin.auth)).statusCode).toBe(204);
    const after = (await call('GET', '/api/category', {})).json().data as { id: number }[];
    expect(after.map((c) => c.id)).not.toContain(created.id);
    expect(await lastAudit('category.delete', created.id)).toBeDefined();
  });

  it('refuses to delete a category an event uses (422 with a message)', async () => {
    const organiser = await createOrganiser();
    const event = await insertEvent(organiser.user.id, organiser.placeId);
    const res = await call('DELETE', `${base}/category/${event.categoryId}`, admin.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category[0]).toMatch(/wydarze/i);
    const db = await getDb();
    const [still] = await db.select().from(categories).where(eq(categories.id, event.categoryId));
    expect(still).toBeDefined();
  });

  it('answers 422 with field errors: empty names, a bad or taken slug', async () => {
    const res = await call('POST', `${base}/category`, admin.auth, {
      slug: 'Zła Nazwa',
      name_pl: '',
      name_en: '  ',
      position: '-1',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['name_en', 'name_pl', 'position', 'slug']);

    const list = (await call('GET', `${base}/category`, admin.auth)).json().data as { slug: string }[];
    const taken = await call(
      'POST',
      `${base}/category`,
      admin.auth,
      { slug: list[1]?.slug, name_pl: 'A', name_en: 'A', position: '1' },
      'en',
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug[0]).toMatch(/slug/i);
  });
});

describe('languages', () => {
  it('creates, renames and deletes an unused language; GET /api/language follows', async () => {
    const created = await call('POST', `${base}/language`, admin.auth, {
      code: 'tlh',
      name_pl: 'klingoński',
      name_en: 'Klingon',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const renamed = await call('PUT', `${base}/language/${id}`, admin.auth, {
      code: 'tlh',
      name_pl: 'klingoński (tlhIngan)',
      name_en: 'Klingon (tlhIngan)',
    });
    expect(renamed.statusCode).toBe(200);
    const en = (await call('GET', '/api/language', {}, undefined, 'en')).json().data as {
      id: number;
      name: string;
    }[];
    expect(en.find((l) => l.id === id)?.name).toBe('Klingon (tlhIngan)');
    expect((await lastAudit('language.update', id))?.before).toMatchObject({ name_en: 'Klingon' });

    const dup = await call('POST', `${base}/language`, admin.auth, {
      code: 'tlh',
      name_pl: 'x',
      name_en: 'x',
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toHaveProperty('code');

    expect((await call('DELETE', `${base}/language/${id}`, admin.auth)).statusCode).toBe(204);
    const pl = (await call('GET', '/api/language', {})).json().data as { id: number }[];
    expect(pl.map((l) => l.id)).not.toContain(id);
    expect(await lastAudit('language.delete', id)).toBeDefined();
  });
});

describe('text pages', () => {
  it('an edit is sanitised and shows in /api/text/slug at once', async () => {
    const res = await call('PUT', `${base}/text/privacy`, admin.auth, {
      title_pl: 'Polityka prywatności (nowa)',
      title_en: 'Privacy policy (new)',
      body_pl: '<h2>Zasady</h2><p onclick="alert(1)">Tekst</p><script>alert("x")</script>',
      body_en: '<p>Text <a href="javascript:alert(1)">link</a></p><iframe src="https://x"></iframe>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const pl = (await call('GET', '/api/text/slug/privacy', {}, undefined, 'pl')).json().data;
    expect(pl.title).toBe('Polityka prywatności (nowa)');
    expect(pl.text).toContain('<h2>Zasady</h2>');
    expect(pl.text).not.toMatch(/script|onclick|alert/);
    const en = (await call('GET', '/api/text/slug/privacy', {}, undefined, 'en')).json().data;
    expect(en.title).toBe('Privacy policy (new)');
    expect(en.text).not.toMatch(/javascript|iframe/);
    const audit = await lastAudit('text.update');
    expect(audit?.adminId).toBe(admin.user.id);
    expect(audit?.after).toMatchObject({ title_en: 'Privacy policy (new)' });
  });

  it('previews the sanitised HTML and refuses empty titles', async () => {
    const preview = await call('POST', `${base}/text-preview`, admin.auth, {
      html: '<p>Hej</p><script>x()</script>',
    });
    expect(preview.json().data.html).toBe('<p>Hej</p>');
    const res = await call('PUT', `${base}/text/contact`, admin.auth, {
      title_pl: '',
      title_en: 'Contact',
      body_pl: '',
      body_en: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('title_pl');
    expect(
      (
        await call('PUT', `${base}/text/nope`, admin.auth, {
          title_pl: 'a',
          title_en: 'a',
          body_pl: '',
          body_en: '',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('premium plans', () => {
  type Plan = Record<string, unknown> & { id: number; level: number; default: boolean; price: number };

  const formOf = (p: Plan, changes: Record<string, unknown> = {}) => ({
    ...p,
    price: (p.price / 100).toFixed(2),
    ...changes,
  });

  it('an edit shows in /api/premium_setting at once; the price is entered in PLN and kept in grosze', async () => {
    const plans = (await call('GET', `${base}/plan`, admin.auth)).json().data as Plan[];
    const plan = plans.find((p) => !p.default);
    if (!plan) throw new Error('no plan');
    await call('GET', '/api/premium_setting', {});
    const res = await call(
      'PUT',
      `${base}/plan/${plan.id}`,
      admin.auth,
      formOf(plan, { name_pl: 'Złoty', name_en: 'Gold', price: '123,45', images_count: '7', show_map: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ price: 12345, images_count: 7, show_map: true });
    const db = await getDb();
    const [row] = await db.select().from(premiumSettings).where(eq(premiumSettings.id, plan.id));
    expect(row?.price).toBe(12345);
    const en = (await call('GET', '/api/premium_setting', {}, undefined, 'en')).json().data as Plan[];
    expect(en.find((p) => p.id === plan.id)).toMatchObject({ name: 'Gold', price: 123.45, images_count: 7 });
    const audit = await lastAudit('plan.update', plan.id);
    expect(audit?.before).toMatchObject({ price: plan.price });
    expect(audit?.after).toMatchObject({ price: 12345 });
  });

  it('keeps exactly one default plan', async () => {
    const plans = (await call('GET', `${base}/plan`, admin.auth)).json().data as Plan[];
    const current = plans.find((p) => p.default);
    const next = plans.find((p) => !p.default);
    if (!current || !next) throw new Error('plans missing');
    const unset = await call(
      'PUT',
      `${base}/plan/${current.id}`,
      admin.auth,
      formOf(current, { default: false }),
    );
    expect(unset.statusCode).toBe(422);
    expect(unset.json().errors).toHaveProperty('default');

    const res = await call('PUT', `${base}/plan/${next.id}`, admin.auth, formOf(next, { default: true }));
    expect(res.statusCode).toBe(200);
    const after = (await call('GET', '/api/premium_setting', {})).json().data as Plan[];
    expect(after.filter((p) => p.default).map((p) => p.id)).toEqual([next.id]);
    expect((await lastAudit('plan.update', next.id))?.after).toMatchObject({ cleared_default: [current.id] });
  });

  it('creates a plan and refuses a negative price, an empty name and a taken level (422)', async () => {
    const plans = (await call('GET', `${base}/plan`, admin.auth)).json().data as Plan[];
    const model = plans[0] as Plan;
    const bad = await call(
      'POST',
      `${base}/plan`,
      admin.auth,
      formOf(model, { price: '-5', name_pl: '', level: String(model.level), default: false }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['price', 'name_pl']));
    const taken = await call(
      'POST',
      `${base}/plan`,
      admin.auth,
      formOf(model, { name_pl: 'Nowy', name_en: 'New', default: false }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty('level');

    const level = Math.max(...plans.map((p) => p.level)) + 10;
    const created = await call(
      'POST',
      `${base}/plan`,
      admin.auth,
      formOf(model, {
        name_pl: 'Diament',
        name_en: 'Diamond',
        level: String(level),
        price: '999',
        default: false,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const pub = (await call('GET', '/api/premium_setting', {}, undefined, 'en')).json().data as Plan[];
    expect(pub.find((p) => p.id === id)).toMatchObject({ name: 'Diamond', price: 999, default: false });
    expect(await lastAudit('plan.create', id)).toBeDefined();
  });
});

describe('packs and the home-ad price', () => {
  it('creates, edits and deletes event packs and promotion packs; GET /api/payment_setting follows', async () => {
    const pack = await call('POST', `${base}/event-pack`, admin.auth, {
      description_pl: '7 wydarzeń',
      description_en: '7 events',
      price: '70.50',
      count: '7',
    });
    expect(pack.statusCode, pack.body).toBe(201);
    const packId = pack.json().data.id as number;
    expect(pack.json().data.price).toBe(7050);
    const edited = await call('PUT', `${base}/event-pack/${packId}`, admin.auth, {
      description_pl: '8 wydarzeń',
      description_en: '8 events',
      price: 80,
      count: 8,
    });
    expect(edited.statusCode).toBe(200);

    const promo = await call('POST', `${base}/price-pack`, admin.auth, {
      name_pl: 'Dwa tygodnie',
      name_en: 'Two weeks',
      days: '14',
      price: '55',
    });
    expect(promo.statusCode).toBe(201);
    const promoId = promo.json().data.id as number;

    const ad = await call('PUT', `${base}/home-ad`, admin.auth, { days: '7', price: '260' });
    expect(ad.statusCode).toBe(200);

    const pub = (await call('GET', '/api/payment_setting', {}, undefined, 'en')).json().data;
    expect(pub.packages).toContainEqual({ id: packId, description: '8 events', price: 80, count: 8 });
    expect(pub.price_packs).toContainEqual({ id: promoId, name: 'Two weeks', days: 14, price: 55 });
    expect(pub.home_ad).toEqual({ price: 260, days: 7 });
    expect((await lastAudit('event_pack.update', packId))?.before).toMatchObject({ price: 7050 });
    expect((await lastAudit('home_ad.update'))?.after).toMatchObject({ price: 26000, days: 7 });

    expect((await call('DELETE', `${base}/event-pack/${packId}`, admin.auth)).statusCode).toBe(204);
    expect((await call('DELETE', `${base}/price-pack/${promoId}`, admin.auth)).statusCode).toBe(204);
    const after = (await call('GET', '/api/payment_setting', {})).json().data;
    expect(after.packages.map((p: { id: number }) => p.id)).not.toContain(packId);
    expect(after.price_packs.map((p: { id: number }) => p.id)).not.toContain(promoId);
    expect(await lastAudit('price_pack.delete', promoId)).toBeDefined();
  });

  it('refuses negative prices, empty names and too many decimals (422 with fields)', async () => {
    const res = await call('POST', `${base}/price-pack`, admin.auth, {
      name_pl: '',
      name_en: 'x',
      days: '0',
      price: '-1',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['days', 'name_pl', 'price']);
    const ad = await call('PUT', `${base}/home-ad`, admin.auth, { days: '7', price: '1.234' });
    expect(ad.statusCode).toBe(422);
    expect(ad.json().errors).toHaveProperty('price');
  });
});

describe('what the catalogue refuses to delete', () => {
  it('an ordered pack and a category places list: 422, and both stay', async () => {
    const pack = await call('POST', `${base}/event-pack`, admin.auth, {
      description_pl: '3 wydarzenia',
      description_en: '3 events',
      price: '30',
      count: '3',
    });
    const packId = pack.json().data.id as number;
    const organiser = await createOrganiser();
    const bought = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_events/${packId}`,
      headers: organiser.auth,
    });
    expect(bought.statusCode).toBe(200);
    const refused = await call('DELETE', `${base}/event-pack/${packId}`, admin.auth);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.id).toBeDefined();
    const packs = (await call('GET', '/api/payment_setting', {})).json().data.packages as { id: number }[];
    expect(packs.some((p) => p.id === packId)).toBe(true);

    const created = await call('POST', `${base}/category`, admin.auth, {
      slug: `lista-${Date.now()}`,
      name_pl: 'Na liście',
      name_en: 'Listed',
      position: '99',
    });
    expect(created.statusCode, created.body).toBe(201);
    const categoryId = created.json().data.id as number;
    const db = await getDb();
    await db.insert(placeCategories).values({ placeId: organiser.placeId, categoryId });
    const listed = await call('DELETE', `${base}/category/${categoryId}`, admin.auth);
    expect(listed.statusCode).toBe(422);
    expect(listed.json().errors.category).toBeDefined();
    expect(await db.select().from(categories).where(eq(categories.id, categoryId))).toHaveLength(1);
  });
});
