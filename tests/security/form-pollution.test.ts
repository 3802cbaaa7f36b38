import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assignField, formObjectOf } from '@/lib/form-fields';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 10 point 1: a form field named `__proto__[buy_ticket_url]` once wrote onto Object.prototype,
// so every event created afterwards, by any company, carried an attacker's ticket link.

setupTestDb();
const api = setupApi();

const pollutingNames = [
  '__proto__[buy_ticket_url]',
  '__proto__',
  'constructor[prototype][buy_ticket_url]',
  'constructor',
  'prototype',
  'a[__proto__]',
  'a[constructor]',
  'a[prototype]',
  'a[b][__proto__]',
  'prototype[x]',
];

function prototypeIsClean() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(pristine);
  expect(({} as Record<string, unknown>).buy_ticket_url).toBeUndefined();
  expect(({} as Record<string, unknown>).x).toBeUndefined();
}
const pristine = Object.getOwnPropertyNames(Object.prototype).sort();

afterEach(() => {
  // A failure must not leak into the next case.
  for (const key of Object.getOwnPropertyNames(Object.prototype))
    if (!pristine.includes(key)) delete (Object.prototype as Record<string, unknown>)[key];
});

/** Every POST/PUT route the API documents, with ids filled in. */
function writeRoutes(): { method: 'POST' | 'PUT'; url: string }[] {
  const doc = api().swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: { method: 'POST' | 'PUT'; url: string }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const url = path.replace(/\{[^}]+\}/g, '1');
    for (const method of ['post', 'put'] as const)
      if (methods[method]) routes.push({ method: method.toUpperCase() as 'POST' | 'PUT', url });
  }
  return routes;
}

let company: Awaited<ReturnType<typeof createOrganiser>>;
let placeId: number;

beforeAll(async () => {
  company = await createOrganiser();
  placeId = company.placeId;
});

describe('form field names that reach a prototype', () => {
  it('are refused by the shared reader, whose objects have no prototype', () => {
    for (const name of pollutingNames) {
      expect(() => assignField(Object.create(null), name, 'x'), name).toThrow();
    }
    const form = formObjectOf([
      ['a[1]', 'x'],
      ['b[]', 'y'],
      ['c', 'z'],
    ]);
    expect(Object.getPrototypeOf(form)).toBeNull();
    expect(Object.getPrototypeOf(form.a)).toBeNull();
    expect(form).toEqual(Object.assign(Object.create(null), { a: { 1: 'x' }, b: ['y'], c: 'z' }));
    prototypeIsClean();
  });

  it('the reported attack: an anonymous sign-up is a 422 and the next event has no ticket link', async () => {
    const form = await multipart({
      '__proto__[buy_ticket_url]': 'https://phish.example/',
      first_name: 'a',
    });
    const res = await api().inject({ method: 'POST', url: '/api/user', ...form });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['__proto__[buy_ticket_url]']).toBeDefined();
    prototypeIsClean();

    const event = await multipart({
      category_id: '1',
      place_id: String(placeId),
      name: 'Koncert',
      price_min: '10',
      price_max: '20',
      spots_left: '5',
      start_date: '2030-01-01',
      start_date_h: '18:00',
      end_date: '2030-01-01',
      end_date_h: '20:00',
    });
    const created = await api().inject({
      method: 'POST',
      url: '/api/event',
      headers: { ...event.headers, ...company.auth },
      payload: event.payload,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.buy_ticket_url ?? null).toBeNull();
  });

  it.each(pollutingNames)(
    '%s is refused on every multipart and urlencoded route, anonymous or signed in',
    async (name) => {
      const admin = await createAccount('admin');
      // Logging out revokes the caller's token: it goes last, so the calls after it are still signed in.
      const routes = writeRoutes().sort(
        (a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'),
      );
      expect(routes.length).toBeGreaterThan(20);
      for (const { method, url } of routes) {
        for (const [who, auth] of [
          ['anonymous', {}],
          ['company', company.auth],
          ['admin', admin.auth],
        ] as const) {
          const form = await multipart({ [name]: 'https://phish.example/', _method: 'PUT', first_name: 'a' });
          const viaMultipart = await api().inject({
            method,
            url,
            headers: { ...form.headers, ...auth, origin: 'http://localhost:3000' },
            payload: form.payload,
          });
          const body = new URLSearchParams({ [name]: 'https://phish.example/', _method: 'PUT' }).toString();
          const viaUrlencoded = await api().inject({
            method,
            url,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              ...auth,
              origin: 'http://localhost:3000',
            },
            payload: body,
          });
          // A route that reads its form refuses the name (422), unless it refused the caller first (401/403);
          // one that never reads a form (logout) may answer as usual. None may fail or pollute.
          expect(viaMultipart.statusCode, `${method} ${url}: ${viaMultipart.body}`).toBeLessThan(500);
          // The urlencoded body is parsed before any handler: every route refuses it the same way, but
          // those that refuse the caller before a byte of the body is read (the admin scope, issue 26):
          // they answer any body alike.
          if ([401, 403].includes(viaUrlencoded.statusCode)) {
            const anyBody = await api().inject({
              method,
              url,
              headers: { 'content-type': 'application/json', ...auth, origin: 'http://localhost:3000' },
              payload: '{}',
            });
            expect(anyBody.statusCode, `${who} ${method} ${url}`).toBe(viaUrlencoded.statusCode);
            if (url.startsWith('/api/admin/')) expect(who, `${method} ${url}`).not.toBe('admin');
          } else {
            expect([400, 422], `${who} ${method} ${url}: ${viaUrlencoded.body}`).toContain(
              viaUrlencoded.statusCode,
            );
          }
          prototypeIsClean();
        }
      }
    },
  );

  it('is a 422 from each form route once the caller may send it', async () => {
    // The sweep above signed its company out through /api/logout.
    const owner = await createOrganiser();
    const user = await createAccount('user');
    const cases = [
      { url: '/api/user', auth: {} },
      { url: '/api/company', auth: {} },
      { url: `/api/user/${user.user.id}`, auth: user.auth },
      { url: `/api/company/${owner.user.id}`, auth: owner.auth },
      { url: '/api/place', auth: owner.auth },
      { url: `/api/place/${owner.placeId}`, auth: owner.auth },
      { url: '/api/event', auth: owner.auth },
    ];
    for (const { url, auth } of cases) {
      const form = await multipart({ _method: 'PUT', 'a[constructor][prototype]': 'x', '__proto__[x]': 'y' });
      const res = await api().inject({
        method: 'POST',
        url,
        headers: { ...form.headers, ...auth },
        payload: form.payload,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      prototypeIsClean();
    }
  });
});

describe('the _method override', () => {
  it('is one string PUT: objects, lists and NUL characters are a 422, never a 500', async () => {
    const user = await createAccount('user');
    const fields = { first_name: 'Ala', last_name: 'Nowak', city: 'Kraków', email: user.user.email };
    const url = `/api/user/${user.user.id}`;
    for (const _method of [{ a: 1 }, ['PUT'], 'PUT\u0000', null, 7]) {
      const res = await api().inject({
        method: 'POST',
        url,
        headers: user.auth,
        payload: { ...fields, _method },
      });
      expect(res.statusCode, JSON.stringify(_method)).toBe(422);
      expect(res.json().errors._method).toBeDefined();
    }
    const listed = await api().inject({
      method: 'POST',
      url,
      headers: { ...user.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, '_method[]': 'PUT' }).toString(),
    });
    expect(listed.statusCode).toBe(422);
    const ok = await api().inject({
      method: 'POST',
      url,
      headers: user.auth,
      payload: { ...fields, _method: 'put' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
