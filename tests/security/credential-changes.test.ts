import { randomBytes } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { hashPassword } from '@/server/auth/passwords';
import { issueTokens } from '@/server/auth/tokens';
import { resetRateLimits } from '@/server/rate-limit';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { setupSmtp } from '../helpers/smtp';

// Issue 10 point 4: POST /api/user/{id} changed the password without the current one and kept every
// other session alive. Now a new password or e-mail needs the current password, and signs out every
// other session and refresh-token family while the one making the change stays signed in. Point 10:
// the owner is mailed when the password changes, by the profile or by a reset.

setupTestDb();
const api = setupApi();
const smtp = setupSmtp();
beforeEach(() => resetRateLimits());

const password = 'Stary-Dobry-Kasztan-7';

async function account({ withPassword = true } = {}) {
  const db = await getDb();
  const email = `owner.${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await db
    .insert(s.users)
    .values({
      email,
      passwordHash: withPassword ? await hashPassword(password) : null,
      googleId: withPassword ? null : randomBytes(8).toString('hex'),
      role: 'user',
      firstName: 'Ola',
      lastName: 'Nowak',
      city: 'Gdańsk',
      locale: 'en',
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('insert failed');
  return user;
}

const client = () => ({
  client_id: getConfig().oauthClient.id,
  client_secret: getConfig().oauthClient.secret,
});

async function signIn(email: string, pass = password) {
  const res = await api().inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username: email, password: pass, ...client() },
  });
  return res;
}

/** A session of the user without a password (as social sign-in makes one): tokens issued directly. */
async function sessionOf(userId: number) {
  const db = await getDb();
  return db.transaction((tx) => issueTokens(tx, { userId, clientId: null }));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en' });

function edit(token: string, userId: number, fields: Record<string, string>) {
  return api().inject({
    method: 'POST',
    url: `/api/user/${userId}`,
    headers: bearer(token),
    payload: { _method: 'PUT', first_name: 'Ola', last_name: 'Nowak', city: 'Gdańsk', ...fields },
  });
}

const me = (token: string) => api().inject({ url: '/api/user', headers: bearer(token) });
const refresh = (token: string) =>
  api().inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'refresh_token', refresh_token: token, ...client() },
  });

async function mailsTo(email: string) {
  const db = await getDb();
  return db.select().from(s.mailOutbox).where(eq(s.mailOutbox.to, email)).orderBy(desc(s.mailOutbox.id));
}

async function storedHash(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ hash: s.users.passwordHash }).from(s.users).where(eq(s.users.id, userId));
  return row?.hash;
}

describe('changing the password in the profile', () => {
  it('refuses a new password without the current one, or with a wrong one, and changes nothing', async () => {
    const user = await account();
    const current = (await signIn(user.email)).json();
    const other = (await signIn(user.email)).json();
    const before = await storedHash(user.id);
    const change = {
      email: user.email,
      password: 'Nowe-Haslo-Na-Lato-1',
      password_confirmation: 'Nowe-Haslo-Na-Lato-1',
    };

    const missing = await edit(current.access_token, user.id, change);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual([
      'Enter your current password to change the password or the e-mail address.',
    ]);
    const wrong = await edit(current.access_token, user.id, {
      ...change,
      current_password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is not correct.']);

    expect(await storedHash(user.id)).toBe(before);
    expect((await me(other.access_token)).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(200);
    expect((await signIn(user.email, 'Nowe-Haslo-Na-Lato-1')).statusCode).toBe(400);
    expect((await mailsTo(user.email)).map((m) => m.subject)).not.toContain(
      'The password of your account has changed',
    );
  });

  it('with the current password: keeps this session, signs out every other one and mails the owner', async () => {
    const user = await account();
    const current = (await signIn(user.email)).json();
    const other = (await signIn(user.email)).json();
    const third = (await signIn(user.email)).json();
    // The third session has rotated its refresh token once: its whole family must end, not one token.
    const rotated = (await refresh(third.refresh_token)).json();

    const res = await edit(current.access_token, user.id, {
      email: user.email,
      password: 'Nowe-Haslo-Na-Lato-1',
      password_confirmation: 'Nowe-Haslo-Na-Lato-1',
      current_password: password,
    });
    expect(res.statusCode).toBe(200);

    expect((await me(current.access_token)).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).json().error).toBe('invalid_grant');
    expect((await refresh(rotated.refresh_token)).json().error).toBe('invalid_grant');
    // The session that made the change goes on, refresh included.
    const next = await refresh(current.refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json().access_token)).statusCode).toBe(200);

    expect((await signIn(user.email)).statusCode).toBe(400);
    expect((await signIn(user.email, 'Nowe-Haslo-Na-Lato-1')).statusCode).toBe(200);

    const [notice] = await mailsTo(user.email);
    expect(notice?.subject).toBe('The password of your account has changed');
    // An English mail links to the English page (issue 31).
    expect(notice?.text).toContain(`${getConfig().publicUrl}/en/forget-password`);
    expect(notice?.text).toMatch(/If you did not/);
  });
});

describe('changing the e-mail in the profile', () => {
  it('needs the current password, then signs out every other session', async () => {
    const user = await account();
    const current = (await signIn(user.email)).json();
    const other = (await signIn(user.email)).json();
    const newEmail = `moved.${randomBytes(4).toString('hex')}@example.com`;

    const missing = await edit(current.access_token, user.id, { email: newEmail });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toHaveLength(1);
    const db = await getDb();
    const [unchanged] = await db.select().from(s.users).where(eq(s.users.id, user.id));
    expect(unchanged?.email).toBe(user.email);
    expect((await me(other.access_token)).statusCode).toBe(200);

    const moved = await edit(current.access_token, user.id, { email: newEmail, current_password: password });
    expect(moved.statusCode).toBe(200);
    const [after] = await db.select().from(s.users).where(eq(s.users.id, user.id));
    expect(after?.email).toBe(newEmail);
    expect((await me(current.access_token)).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(400);
  });
});

describe('an account made by social sign-in (no password)', () => {
  // Issue 26 point 4: such a session set a first password without any check, then moved the e-mail,
  // so a stolen session took the account over. The first password now comes only through a link
  // mailed to the current address (the real SMTP transport, to a local server).
  it('cannot set a password or change its e-mail with the session alone; the mailed link sets it', async () => {
    const user = await account({ withPassword: false });
    const session = await sessionOf(user.id);
    expect((await me(session.access_token)).json().data.has_password).toBe(false);

    const first = await edit(session.access_token, user.id, {
      email: user.email,
      password: 'Pierwsze-Haslo-Konta-9',
      password_confirmation: 'Pierwsze-Haslo-Konta-9',
    });
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.password).toEqual([
      'Your account has no password yet: set one with the link we mail to your address (ask for it in your profile).',
    ]);
    const elsewhere = `elsewhere.${randomBytes(4).toString('hex')}@example.com`;
    const moved = await edit(session.access_token, user.id, { email: elsewhere });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.email).toHaveLength(1);
    // Both at once, and with a made-up current password: refused alike.
    const both = await edit(session.access_token, user.id, {
      email: elsewhere,
      password: 'Pierwsze-Haslo-Konta-9',
      password_confirmation: 'Pierwsze-Haslo-Konta-9',
      current_password: 'cokolwiek-123',
    });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.json().errors).sort()).toEqual(['email', 'password']);
    expect(await storedHash(user.id)).toBeNull();
    expect((await signIn(user.email, 'Pierwsze-Haslo-Konta-9')).statusCode).toBe(400);
    const db = await getDb();
    const [kept] = await db.select().from(s.users).where(eq(s.users.id, user.id));
    expect(kept?.email).toBe(user.email);

    // The profile's "send me a link": mailed to the address the account has now.
    const asked = await api().inject({
      method: 'POST',
      url: '/api/user/password_link',
      headers: bearer(session.access_token),
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(
      `We have sent a link to set your password to ${user.email}. It is valid for 60 minutes.`,
    );
    const [mail] = await smtp.mailsTo(user.email);
    expect(mail?.text).toContain('Set a password for your account');
    const link = new URL(mail?.text.match(/https?:\/\/\S+forget-password\?\S+/)?.[0] ?? '');
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(await smtp.mailsTo(elsewhere)).toHaveLength(0);

    const set = await api().inject({
      method: 'POST',
      url: '/api/password/reset',
      headers: { 'accept-language': 'en' },
      payload: {
        email: user.email,
        token: link.searchParams.get('token'),
        password: 'Pierwsze-Haslo-Konta-9',
        password_confirmation: 'Pierwsze-Haslo-Konta-9',
      },
    });
    expect(set.statusCode).toBe(200);
    // Setting it signs out every session, the one that asked included; the password now works.
    expect((await me(session.access_token)).statusCode).toBe(401);
    const signedIn = await signIn(user.email, 'Pierwsze-Haslo-Konta-9');
    expect(signedIn.statusCode).toBe(200);
    const fresh = signedIn.json().access_token as string;
    expect((await me(fresh)).json().data.has_password).toBe(true);
    // With a password, the e-mail moves as for anyone: with the current password.
    const movedNow = await edit(fresh, user.id, {
      email: elsewhere,
      current_password: 'Pierwsze-Haslo-Konta-9',
    });
    expect(movedNow.statusCode).toBe(200);
  });

  it('the link call needs a session', async () => {
    const res = await api().inject({ method: 'POST', url: '/api/user/password_link' });
    expect(res.statusCode).toBe(401);
  });
});

describe('wrong current passwords in the profile', () => {
  // Issue 26 point 5: they counted toward the account's sign-in limit, so a session thief could lock
  // the owner out. Now they have a limit of their own, per account.
  it('are stopped after 10 an hour with a 429 that says so, and the owner still signs in', async () => {
    const user = await account();
    const thief = (await signIn(user.email)).json();
    const statuses: number[] = [];
    let refused: { status: number; message: string; retryAfter: unknown } | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await edit(thief.access_token, user.id, {
        email: user.email,
        password: 'Haslo-Zlodzieja-Konta-1',
        password_confirmation: 'Haslo-Zlodzieja-Konta-1',
        current_password: `zgaduje-${i}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        refused = { status: 429, message: res.json().message, retryAfter: res.headers['retry-after'] };
        break;
      }
    }
    expect(statuses.filter((code) => code === 422)).toHaveLength(10);
    expect(refused?.message).toMatch(
      /^Too many wrong current passwords\. Try again in \d+ min, or set a new password with a link mailed to you/,
    );
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    // Even the right one waits: the limit is checked before the password.
    const change = await edit(thief.access_token, user.id, {
      email: user.email,
      password: 'Haslo-Zlodzieja-Konta-1',
      password_confirmation: 'Haslo-Zlodzieja-Konta-1',
      current_password: password,
    });
    expect(change.statusCode).toBe(429);
    expect(await storedHash(user.id)).toBe(user.passwordHash);

    // The owner signs in from anywhere, as many times as needed.
    for (const remoteAddress of ['127.0.0.1', '198.51.100.30']) {
      const res = await api().inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress,
        payload: { grant_type: 'password', username: user.email, password, ...client() },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('a password reset', () => {
  it('mails the owner that the password was changed', async () => {
    const user = await account();
    const sent = await api().inject({
      method: 'POST',
      url: '/api/password/send_email',
      payload: { email: user.email },
    });
    expect(sent.statusCode).toBe(200);
    const db = await getDb();
    const [mail] = await db
      .select()
      .from(s.mailOutbox)
      .where(and(eq(s.mailOutbox.to, user.email), like(s.mailOutbox.text, '%forget-password?%')))
      .orderBy(desc(s.mailOutbox.id))
      .limit(1);
    const token = new URL(mail!.text.match(/https?:\/\/\S+forget-password\?\S+/)![0]).searchParams.get(
      'token',
    );
    const reset = await api().inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        email: user.email,
        token,
        password: 'Po-Resecie-Haslo-44',
        password_confirmation: 'Po-Resecie-Haslo-44',
      },
    });
    expect(reset.statusCode).toBe(200);
    const [notice] = await mailsTo(user.email);
    expect(notice?.subject).toBe('The password of your account has changed');
    // An English mail links to the English page (issue 31).
    expect(notice?.text).toContain(`${getConfig().publicUrl}/en/forget-password`);
    expect(notice?.text).not.toContain('token=');
  });
});
