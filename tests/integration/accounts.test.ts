import { count, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { resetRateLimits } from '@/server/rate-limit';
import { portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart, oversizePng, png } from '../helpers/forms';

setupTestDb();
const api = setupApi();
beforeEach(() => resetRateLimits());

const client = () => ({
  client_id: getConfig().oauthClient.id,
  client_secret: getConfig().oauthClient.secret,
});
let seq = 0;
const uniqueEmail = (prefix = 'anna') => `${prefix}.${Date.now()}.${++seq}@example.com`;

const userBody = (email: string) => ({
  first_name: 'Anna',
  last_name: 'Nowak',
  email,
  city: 'Kraków',
  password: 'tajnehaslo1',
  password_confirmation: 'tajnehaslo1',
});

async function lastMailTo(email: string) {
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(s.mailOutbox)
    .where(eq(s.mailOutbox.to, email))
    .orderBy(desc(s.mailOutbox.id))
    .limit(1);
  return mail;
}

// Registration answers carry no id (a taken address must answer alike): the tests look it up.
async function userIdOf(email: string) {
  const db = await getDb();
  const [user] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, email));
  if (!user) throw new Error(`no account for ${email}`);
  return user.id;
}

async function userCount() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(s.users);
  return row?.n ?? 0;
}

function tokenLogin(username: string, password: string) {
  return api().inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username, password, scope: '', ...client() },
  });
}

async function registerConfirmed(email = uniqueEmail()) {
  const res = await api().inject({ method: 'POST', url: '/api/user', payload: userBody(email) });
  expect(res.statusCode).toBe(201);
  const link = (await lastMailTo(email))?.text.match(/\/user\/verify\/([\w-]+)/)?.[1];
  expect(link).toBeTruthy();
  expect((await api().inject({ method: 'POST', url: `/api/user/verify/${link}` })).statusCode).toBe(200);
  return { email, id: await userIdOf(email) };
}

describe('registering and confirming a user', () => {
  it('creates an unconfirmed account, mails the link in the request language, confirms once, then signs in', async () => {
    const email = uniqueEmail();
    const res = await api().inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'accept-language': 'en' },
      payload: userBody(email.toUpperCase()),
    });
    expect(res.statusCode).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail?.subject).toMatch(/confirm/i);
    const token = mail?.text.match(/\/user\/verify\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const early = await tokenLogin(email, 'tajnehaslo1');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('account.not.confirmed');
    expect(early.json().error).toBe('invalid_grant');

    expect((await api().inject({ method: 'POST', url: `/api/user/verify/${token}` })).statusCode).toBe(200);
    const again = await api().inject({ method: 'POST', url: `/api/user/verify/${token}` });
    expect(again.statusCode).toBe(422);

    const login = await tokenLogin(email, 'tajnehaslo1');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      token_type: 'Bearer',
      expires_in: 3600,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const me = await api().inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${login.json().access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email,
      first_name: 'Anna',
      role: { name: 'user' },
      city: 'Kraków',
    });
    expect(me.json().data.email_verified_at).not.toBeNull();
  });

  it.each([
    ['first_name', { first_name: '' }, 'This field is required.'],
    ['last_name', { last_name: undefined }, 'This field is required.'],
    ['city', { city: '  ' }, 'This field is required.'],
    ['email', { email: 'not-an-email' }, 'Enter a valid e-mail address.'],
    ['password', { password: 'short', password_confirmation: 'short' }, 'Enter at least 8 characters.'],
    ['password_confirmation', { password_confirmation: 'different1' }, 'The passwords do not match.'],
  ])('refuses a bad %s with a 422 and creates nothing', async (field, change, message) => {
    const before = await userCount();
    const res = await api().inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'accept-language': 'en' },
      payload: { ...userBody(uniqueEmail()), ...change },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await userCount()).toBe(before);
  });

  it('answers a taken e-mail, whatever its case, like a new one and mails its owner instead', async () => {
    const email = uniqueEmail();
    const first = await api().inject({ method: 'POST', url: '/api/user', payload: userBody(email) });
    expect(first.statusCode).toBe(201);
    const before = await userCount();
    const dup = await api().inject({
      method: 'POST',
      url: '/api/user',
      payload: userBody(email.toUpperCase()),
    });
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toEqual(first.json());
    expect(await userCount()).toBe(before);
    expect((await lastMailTo(email))?.subject).toBe('Próba rejestracji z Twoim adresem e-mail');
  });

  it('takes a real avatar image and refuses an oversize or fake one', async () => {
    const email = uniqueEmail();
    const ok = await multipart(userBody(email), { image: await png() });
    const res = await api().inject({ method: 'POST', url: '/api/user', ...ok });
    expect(res.statusCode).toBe(201);
    const db = await getDb();
    const [user] = await db.select().from(s.users).where(eq(s.users.email, email));
    expect(user?.imageUrl).toMatch(/^\/media\/avatar\/[0-9a-f]{32}\.webp$/);

    const before = await userCount();
    const big = await multipart(userBody(uniqueEmail()), { image: await oversizePng() });
    const tooLarge = await api().inject({
      method: 'POST',
      url: '/api/user',
      headers: { ...big.headers, 'accept-language': 'en' },
      payload: big.payload,
    });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors.image[0]).toMatch(/too large/i);

    const fake = await multipart(userBody(uniqueEmail()), {
      image: Buffer.from('hello, I am text pretending to be a PNG'),
    });
    const notImage = await api().inject({ method: 'POST', url: '/api/user', ...fake });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.image).toHaveLength(1);
    expect(await userCount()).toBe(before);
  });

  it('sends a new link only to an unconfirmed account, answering the same for any address', async () => {
    const email = uniqueEmail();
    await api().inject({ method: 'POST', url: '/api/user', payload: userBody(email) });
    const db = await getDb();
    const mailsBefore = await db.select({ n: count() }).from(s.mailOutbox).where(eq(s.mailOutbox.to, email));
    const known = await api().inject({ method: 'POST', url: '/api/user/resend_email', payload: { email } });
    const unknown = await api().inject({
      method: 'POST',
      url: '/api/user/resend_email',
      payload: { email: uniqueEmail('nobody') },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mailsAfter = await db.select({ n: count() }).from(s.mailOutbox).where(eq(s.mailOutbox.to, email));
    expect(mailsAfter[0]!.n).toBe(mailsBefore[0]!.n + 1);
  });
});

const companyFields = (email: string): Record<string, string | string[]> => ({
  company_name: 'Filharmonia Testowa',
  email,
  password: 'tajnehaslo1',
  password_confirmation: 'tajnehaslo1',
  name: 'Sala Koncertowa Nad Motławą',
  city: 'Gdańsk',
  street: 'Długa 1',
  postcode: '80-831',
  phone: '+48 58 123 45 67',
  url: 'filharmonia.example.com',
  description: '<p>Koncerty kameralne co tydzień.</p>',
  'categories[]': ['1', '2'],
  'languages[]': ['1'],
  'attractions[]': ['Koncerty dla dzieci', 'Kawiarnia'],
  'additional_infos[]': ['Parking'],
  'youtube[]': ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
  'place_hours_from[1]': '10:00',
  'place_hours_to[1]': '18:00',
  'place_hours_from[2]': '10:00',
  'place_hours_to[2]': '18:00',
  'place_hours_from[3]': '10:00',
  'place_hours_to[3]': '18:00',
  'place_hours_from[4]': '10:00',
  'place_hours_to[4]': '18:00',
  'place_hours_from[5]': '10:00',
  'place_hours_to[5]': '22:30',
  'place_hours_whole_day[6]': '1',
  'place_hours_closed[7]': '1',
});

describe('registering a company', () => {
  it('creates the organiser and its first place with hours, categories and links', async () => {
    const db = await getDb();
    // This file's default plan allows three films, so the YouTube field can be exercised.
    await db.update(s.premiumSettings).set({ moviesCount: 3 }).where(eq(s.premiumSettings.isDefault, true));
    const email = uniqueEmail('firma');
    const form = await multipart(companyFields(email), {
      logo: await png(300, 300),
      banner: await png(1600, 500),
    });
    const res = await api().inject({ method: 'POST', url: '/api/company', ...form });
    expect(res.statusCode).toBe(201);
    const [created] = await db
      .select({ id: s.places.id })
      .from(s.places)
      .where(eq(s.places.userId, await userIdOf(email)));
    const placeId = created!.id;
    const [place] = await db.select().from(s.places).where(eq(s.places.id, placeId));
    expect(place).toMatchObject({
      name: 'Sala Koncertowa Nad Motławą',
      city: 'Gdańsk',
      url: 'http://filharmonia.example.com',
    });
    expect(place?.logoUrl).toMatch(/^\/media\/logo\//);
    expect(place?.lat).toBeGreaterThan(54);
    const hours = await db
      .select()
      .from(s.placeHours)
      .where(eq(s.placeHours.placeId, placeId))
      .orderBy(s.placeHours.weekDay);
    expect(hours).toHaveLength(7);
    expect(hours[4]).toMatchObject({ from: '10:00:00', to: '22:30:00', closed: false, wholeDay: false });
    expect(hours[5]).toMatchObject({ wholeDay: true, from: null });
    expect(hours[6]).toMatchObject({ closed: true, from: null });
    const movies = await db.select().from(s.placeMovies).where(eq(s.placeMovies.placeId, placeId));
    expect(movies.map((m) => m.youtube)).toEqual(['dQw4w9WgXcQ']);
    const cats = await db.select().from(s.placeCategories).where(eq(s.placeCategories.placeId, placeId));
    expect(cats).toHaveLength(2);
    const [user] = await db.select().from(s.users).where(eq(s.users.email, email));
    expect(user?.role).toBe('company');
    expect(user?.emailVerifiedAt).toBeNull();
    expect(await lastMailTo(email)).toBeTruthy();
  });

  it.each([
    ['categories', { 'categories[]': [] }, 'Please select an option.'],
    ['postcode', { postcode: '80831' }, 'Enter a postcode as 00-000.'],
    ['description', { description: '' }, 'This field is required.'],
    ['email_contact', { email_contact: 'nope' }, 'Enter a valid e-mail address.'],
    ['place_hours_from.1', { 'place_hours_from[1]': '10:03' }, 'Enter a time as HH:mm (in 5-minute steps).'],
    ['place_hours_to.2', { 'place_hours_to[2]': '' }, 'Enter a time or tick “closed” or “open 24 hours”.'],
    [
      'place_hours_closed.6',
      { 'place_hours_closed[6]': '1' },
      'A day cannot be both closed and open 24 hours.',
    ],
    ['password', { password: 'short', password_confirmation: 'short' }, 'Enter at least 8 characters.'],
    ['company_name', { company_name: '' }, 'This field is required.'],
  ])('refuses a bad %s with a 422 and creates nothing', async (field, change, message) => {
    const before = await userCount();
    const form = await multipart({ ...companyFields(uniqueEmail('firma')), ...change });
    const res = await api().inject({
      method: 'POST',
      url: '/api/company',
      headers: { ...form.headers, 'accept-language': 'en' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await userCount()).toBe(before);
  });

  it('refuses an unknown category and more photos than the default plan allows', async () => {
    const unknown = await multipart({ ...companyFields(uniqueEmail('firma')), 'categories[]': ['999999'] });
    expect(
      (await api().inject({ method: 'POST', url: '/api/company', ...unknown })).json().errors.categories,
    ).toHaveLength(1);
    const photos = await Promise.all(
      Array.from({ length: 12 }, (_, i) => png(32, 32, `#${(i * 20).toString(16).padStart(2, '0')}3366`)),
    );
    const many = await multipart(companyFields(uniqueEmail('firma')), { 'images[]': photos });
    const res = await api().inject({ method: 'POST', url: '/api/company', ...many });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.images).toHaveLength(1);
    const films = await multipart({
      ...companyFields(uniqueEmail('firma')),
      'youtube[]': ['dQw4w9WgXcQ', 'https://youtu.be/9bZkp7q19f0', 'aaaaaaaaaaa', 'bbbbbbbbbbb'],
    });
    const tooMany = await api().inject({ method: 'POST', url: '/api/company', ...films });
    expect(tooMany.json().errors.youtube).toEqual(['Twój pakiet pozwala na 3 filmów.']);
  });
});

describe('POST /oauth/token', () => {
  it('answers RFC 6749 errors', async () => {
    const noGrant = await api().inject({ method: 'POST', url: '/oauth/token', payload: { ...client() } });
    expect(noGrant.statusCode).toBe(400);
    expect(noGrant.json().error).toBe('invalid_request');
    const unsupported = await api().inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', ...client() },
    });
    expect(unsupported.json().error).toBe('unsupported_grant_type');
    const badClient = await api().inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'a@b.pl',
        password: 'x',
        client_id: getConfig().oauthClient.id,
        client_secret: 'wrong-secret-value',
      },
    });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json().error).toBe('invalid_client');
    const { email } = await registerConfirmed();
    const wrong = await tokenLogin(email, 'wrong-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    const unknown = await tokenLogin(uniqueEmail('ghost'), 'wrong-password');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('accepts a form-encoded body as OAuth clients send it', async () => {
    const { email } = await registerConfirmed();
    const body = new URLSearchParams({
      grant_type: 'password',
      username: email,
      password: 'tajnehaslo1',
      ...client(),
    });
    const res = await api().inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const { email } = await registerConfirmed();
    const first = (await tokenLogin(email, 'tajnehaslo1')).json();
    const refresh = (token: string) =>
      api().inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'refresh_token', refresh_token: token, scope: '', ...client() },
      });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).not.toBe(first.refresh_token);
    const me = (token: string) =>
      api().inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect((await me(second.json().access_token)).statusCode).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    // The thief's reuse signs out the legitimate holder too: the family is gone.
    expect((await me(second.json().access_token)).statusCode).toBe(401);
    expect((await refresh(second.json().refresh_token)).statusCode).toBe(400);
  });

  it('answers 429 after ten wrong passwords in a row, before checking the eleventh', async () => {
    const { email } = await registerConfirmed();
    for (let i = 0; i < 10; i++)
      expect((await tokenLogin(email, `wrong-${i}-password`)).statusCode).toBe(400);
    const eleventh = await tokenLogin(email, 'tajnehaslo1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBeDefined();
  });
});

describe('password reset', () => {
  it('mails a single-use link, sets the new password and signs out every session', async () => {
    const { email } = await registerConfirmed();
    const session = (await tokenLogin(email, 'tajnehaslo1')).json();
    const known = await api().inject({ method: 'POST', url: '/api/password/send_email', payload: { email } });
    const unknown = await api().inject({
      method: 'POST',
      url: '/api/password/send_email',
      payload: { email: uniqueEmail('ghost') },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const link = new URL((await lastMailTo(email))!.text.match(/https?:\/\/\S+forget-password\S+/)![0]);
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('email')).toBe(email);

    const reset = (body: Record<string, string>) =>
      api().inject({
        method: 'POST',
        url: '/api/password/reset',
        headers: { 'accept-language': 'en' },
        payload: body,
      });
    const mismatch = await reset({
      email,
      token,
      password: 'nowehaslo22',
      password_confirmation: 'other-value',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(['The passwords do not match.']);
    const wrong = await reset({
      email,
      token: 'x'.repeat(40),
      password: 'nowehaslo22',
      password_confirmation: 'nowehaslo22',
    });
    expect(wrong.statusCode).toBe(422);
    expect(
      (await reset({ email, token, password: 'nowehaslo22', password_confirmation: 'nowehaslo22' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await reset({ email, token, password: 'nowehaslo33', password_confirmation: 'nowehaslo33' }))
        .statusCode,
    ).toBe(422);

    expect(
      (await api().inject({ url: '/api/user', headers: { authorization: `Bearer ${session.access_token}` } }))
        .statusCode,
    ).toBe(401);
    expect((await tokenLogin(email, 'tajnehaslo1')).statusCode).toBe(400);
    expect((await tokenLogin(email, 'nowehaslo22')).statusCode).toBe(200);
  });
});

describe('profiles', () => {
  async function signIn() {
    const { email, id } = await registerConfirmed();
    const token = (await tokenLogin(email, 'tajnehaslo1')).json().access_token as string;
    return { id, email, auth: { authorization: `Bearer ${token}` } };
  }

  it('edits one’s own profile with _method=PUT, the password only when given', async () => {
    const me = await signIn();
    const res = await api().inject({
      method: 'POST',
      url: `/api/user/${me.id}`,
      headers: me.auth,
      payload: {
        _method: 'PUT',
        first_name: 'Ania',
        last_name: 'Nowak',
        email: me.email,
        city: 'Gdańsk',
        password: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Ania', city: 'Gdańsk' });
    expect((await tokenLogin(me.email, 'tajnehaslo1')).statusCode).toBe(200);

    const noOverride = await api().inject({
      method: 'POST',
      url: `/api/user/${me.id}`,
      headers: me.auth,
      payload: { first_name: 'X' },
    });
    expect(noOverride.statusCode).toBe(422);
    const other = await signIn();
    const foreign = await api().inject({
      method: 'POST',
      url: `/api/user/${other.id}`,
      headers: me.auth,
      payload: { _method: 'PUT', first_name: 'Hacker', last_name: 'X', email: other.email, city: 'X' },
    });
    expect(foreign.statusCode).toBe(403);
    const db = await getDb();
    const [untouched] = await db.select().from(s.users).where(eq(s.users.id, other.id));
    expect(untouched?.firstName).toBe('Anna');
    const anonymous = await api().inject({
      method: 'POST',
      url: `/api/user/${me.id}`,
      payload: { _method: 'PUT' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a company edit its place but not a user’s profile form', async () => {
    const email = uniqueEmail('firma');
    const form = await multipart(companyFields(email));
    const created = await api().inject({ method: 'POST', url: '/api/company', ...form });
    const db = await getDb();
    await db.update(s.users).set({ emailVerifiedAt: new Date() }).where(eq(s.users.email, email));
    const token = (await tokenLogin(email, 'tajnehaslo1')).json().access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    expect(created.statusCode).toBe(201);
    const id = await userIdOf(email);
    const edit = await multipart({
      ...companyFields(email),
      _method: 'PUT',
      name: 'Nowa Nazwa Sali',
      'place_hours_closed[1]': '1',
    });
    const res = await api().inject({
      method: 'POST',
      url: `/api/company/${id}`,
      headers: { ...edit.headers, ...auth },
      payload: edit.payload,
    });
    expect(res.statusCode).toBe(200);
    const [place] = await db.select().from(s.places).where(eq(s.places.userId, id));
    expect(place?.name).toBe('Nowa Nazwa Sali');
    const asUser = await api().inject({
      method: 'POST',
      url: `/api/user/${id}`,
      headers: auth,
      payload: { _method: 'PUT' },
    });
    expect(asUser.statusCode).toBe(403);
    const user = await signIn();
    const asOther = await api().inject({
      method: 'POST',
      url: `/api/company/${id}`,
      headers: user.auth,
      payload: { _method: 'PUT' },
    });
    expect(asOther.statusCode).toBe(403);
  });

  it('shows another account’s public name to a signed-in user only', async () => {
    const me = await signIn();
    const other = await signIn();
    expect((await api().inject({ url: `/api/user/${other.id}` })).statusCode).toBe(401);
    const res = await api().inject({ url: `/api/user/${other.id}`, headers: me.auth });
    expect(res.json().data).toMatchObject({ id: other.id, name: 'Anna Nowak' });
    expect(res.json().data.email).toBeUndefined();
  });
});

describe('page sessions', () => {
  it('signs in with cookies, refreshes them and signs out', async () => {
    const { email } = await registerConfirmed();
    const login = await api().inject({
      method: 'POST',
      url: '/api/session',
      headers: portalOrigin(),
      payload: { email, password: 'tajnehaslo1', remember: true },
    });
    expect(login.statusCode).toBe(200);
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c]));
    expect(cookies.token?.httpOnly).toBe(true);
    expect(cookies.refresh_token?.maxAge).toBeGreaterThan(86400);
    const me = await api().inject({ url: '/api/user', cookies: { token: cookies.token!.value } });
    expect(me.statusCode).toBe(200);

    const refreshed = await api().inject({
      method: 'POST',
      url: '/api/session/refresh',
      headers: portalOrigin(),
      cookies: { refresh_token: cookies.refresh_token!.value },
    });
    expect(refreshed.statusCode).toBe(204);
    const next = Object.fromEntries(refreshed.cookies.map((c) => [c.name, c.value]));
    expect(next.token).toBeTruthy();

    const out = await api().inject({
      method: 'POST',
      url: '/api/logout',
      headers: portalOrigin(),
      cookies: { token: next.token!, refresh_token: next.refresh_token! },
    });
    expect(out.statusCode).toBe(204);
    expect((await api().inject({ url: '/api/user', cookies: { token: next.token! } })).statusCode).toBe(401);
    expect(
      (
        await api().inject({
          method: 'POST',
          url: '/api/session/refresh',
          headers: portalOrigin(),
          cookies: { refresh_token: next.refresh_token! },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('tells an unconfirmed account apart only with the right password', async () => {
    const email = uniqueEmail();
    await api().inject({ method: 'POST', url: '/api/user', payload: userBody(email) });
    const wrong = await api().inject({
      method: 'POST',
      url: '/api/session',
      headers: portalOrigin(),
      payload: { email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(422);
    const right = await api().inject({
      method: 'POST',
      url: '/api/session',
      headers: portalOrigin(),
      payload: { email, password: 'tajnehaslo1' },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('account.not.confirmed');
  });
});
