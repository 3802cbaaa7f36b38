import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { messageMails, users } from '@/db/schema';
import { unsubscribeToken } from '@/server/mail/unsubscribe';
import { seededPlans } from '@/test-support/fixtures';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { setupSmtp } from '../helpers/smtp';

// Issue 12 point 4: a new message mails its recipient at most once per conversation per hour, only
// while they want such mails; the setting is on /profile and one click in any such mail turns it off.

setupTestDb();
const api = setupApi();
const smtp = setupSmtp();

let messengerPlanId: number;

beforeAll(async () => {
  messengerPlanId = (await seededPlans()).messengerPlan.id;
});

/** A company attendees may write to, and an attendee. */
async function pair() {
  const company = await createOrganiser();
  const db = await getDb();
  await db.update(users).set({ premiumSettingId: messengerPlanId }).where(eq(users.id, company.user.id));
  return { company, attendee: await createAccount('user') };
}

function send(auth: Record<string, string>, userId: number, message: string) {
  return api().inject({
    method: 'POST',
    url: '/api/message',
    headers: auth,
    payload: { user_id: userId, message },
  });
}

const unsubscribe = (token: string) =>
  api().inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });

async function mailUpdatesOf(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ on: users.mailUpdates }).from(users).where(eq(users.id, userId));
  return row?.on;
}

describe('mail about new messages', () => {
  it('mails the recipient once for three messages in a row, and again an hour later', async () => {
    const { company, attendee } = await pair();
    for (const text of ['Dzień dobry', 'Czy są bilety?', 'Pozdrawiam'])
      expect((await send(attendee.auth, company.user.id, text)).statusCode).toBe(201);

    const first = await smtp.mailsTo(company.user.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.text).toContain(`Test ${attendee.user.lastName}`);
    expect(first[0]?.text).toContain(`/messages/${attendee.user.id}`);
    expect(first[0]?.text).not.toContain('Czy są bilety?');
    const link = first[0]?.text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/)?.[0];
    expect(link).toBeDefined();

    // The answer goes the other way: the attendee's own hour, not the company's.
    expect((await send(company.auth, attendee.user.id, 'Tak, są')).statusCode).toBe(201);
    expect(await smtp.mailsTo(attendee.user.email)).toHaveLength(1);

    const db = await getDb();
    await db
      .update(messageMails)
      .set({ sentAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(messageMails.recipientId, company.user.id));
    expect((await send(attendee.auth, company.user.id, 'Jeszcze jedno')).statusCode).toBe(201);
    expect(await smtp.mailsTo(company.user.email)).toHaveLength(2);
  });

  it('does not mail a recipient who turned mail updates off', async () => {
    const { company, attendee } = await pair();
    const db = await getDb();
    await db.update(users).set({ mailUpdates: false }).where(eq(users.id, company.user.id));

    expect((await send(attendee.auth, company.user.id, 'Dzień dobry')).statusCode).toBe(201);

    expect(await smtp.mailsTo(company.user.email)).toHaveLength(0);
    const claimed = await db.select().from(messageMails).where(eq(messageMails.recipientId, company.user.id));
    expect(claimed).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  it('turns mail updates off with the link of a mail, without signing in', async () => {
    const { company, attendee } = await pair();
    await send(attendee.auth, company.user.id, 'Dzień dobry');
    const [mail] = await smtp.mailsTo(company.user.email);
    const token = new URL(
      mail?.text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/)?.[0] ?? '',
    ).searchParams.get('token');
    expect(token).toBe(unsubscribeToken(company.user.id));

    // A mail client's RFC 8058 one-click POST.
    const res = await api().inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect(await mailUpdatesOf(company.user.id)).toBe(false);
    // The link works again (a second click, a scanner's retry) and changes nothing more.
    expect((await unsubscribe(unsubscribeToken(company.user.id))).statusCode).toBe(200);
  });

  it('refuses a wrong token and changes nothing', async () => {
    const attendee = await createAccount('user');
    const other = await createAccount('user');
    const forged = `${attendee.user.id}.${unsubscribeToken(other.user.id).split('.')[1]}`;
    for (const token of [forged, `${attendee.user.id}`, 'nonsense', `999999999.${'a'.repeat(43)}`, '']) {
      expect([400, 404, 422]).toContain((await unsubscribe(token)).statusCode);
    }
    expect((await unsubscribe(forged)).statusCode).toBe(400);
    expect(await mailUpdatesOf(attendee.user.id)).toBe(true);
    expect(await mailUpdatesOf(other.user.id)).toBe(true);
  });
});

describe('List-Unsubscribe of the mails sent by choice (RFC 8058)', () => {
  // Issue 26 item 14: Gmail and Yahoo ask bulk senders for one-click unsubscribe headers.
  async function messageMail() {
    const { company, attendee } = await pair();
    await send(attendee.auth, company.user.id, 'Dzień dobry');
    const [mail] = await smtp.mailsTo(company.user.email);
    if (!mail) throw new Error('no mail');
    return { company, mail };
  }

  /** The List-Unsubscribe address as the API receives it (path and query). */
  const addressOf = (mail: { headers: Map<string, string[]> }) => {
    const url = new URL(/^<(.+)>$/.exec(mail.headers.get('list-unsubscribe')?.[0] ?? '')?.[1] ?? '');
    return `${url.pathname}${url.search}`;
  };

  it('names the one-click address, which a mail client POSTs to without a session', async () => {
    const { company, mail } = await messageMail();
    const url = `${getConfig().publicUrl}/api/unsubscribe?token=${unsubscribeToken(company.user.id)}`;
    expect(mail.headers.get('list-unsubscribe')).toEqual([`<${url}>`]);
    expect(mail.headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);

    const res = await api().inject({
      method: 'POST',
      url: addressOf(mail),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await mailUpdatesOf(company.user.id)).toBe(false);
  });

  it('takes the POST as multipart too, and with the portal’s cookie from another origin', async () => {
    const { company, mail } = await messageMail();
    const boundary = 'one-click-boundary';
    const multipart = await api().inject({
      method: 'POST',
      url: addressOf(mail),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await mailUpdatesOf(company.user.id)).toBe(false);

    // A webmail in the browser that holds the portal's session cookie: the signed URL is the credential,
    // so the writes' origin rule does not apply to it.
    const other = await messageMail();
    const withCookie = await api().inject({
      method: 'POST',
      url: addressOf(other.mail),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      cookies: { token: other.company.token },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(withCookie.statusCode).toBe(200);
    expect(await mailUpdatesOf(other.company.user.id)).toBe(false);
  });

  it('sends a person who opens the address to the page that asks first, changing nothing', async () => {
    const { company, mail } = await messageMail();
    const res = await api().inject({ url: addressOf(mail) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe?token=${unsubscribeToken(company.user.id)}`);
    expect(await mailUpdatesOf(company.user.id)).toBe(true);
    // In the language the mail client asks for (issue 31).
    const english = await api().inject({ url: addressOf(mail), headers: { 'accept-language': 'en' } });
    expect(english.headers.location).toBe(`/en/unsubscribe?token=${unsubscribeToken(company.user.id)}`);
  });

  it('leaves them out of transactional mails', async () => {
    const user = await createAccount('user');
    const reset = await api().inject({
      method: 'POST',
      url: '/api/password/send_email',
      payload: { email: user.user.email },
    });
    expect(reset.statusCode).toBe(200);
    const newsletter = await api().inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: user.user.email },
    });
    expect(newsletter.statusCode).toBe(200);
    const mails = await smtp.mailsTo(user.user.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.headers.has('list-unsubscribe')).toBe(false);
      expect(mail.headers.has('list-unsubscribe-post')).toBe(false);
    }
  });
});

describe('the mail updates setting of the profile', () => {
  it('round-trips through PUT /api/user/:id and GET /api/user, and stays when left out', async () => {
    const me = await createAccount('user');
    const put = (extra: Record<string, string>) =>
      api().inject({
        method: 'POST',
        url: `/api/user/${me.user.id}`,
        headers: me.auth,
        payload: {
          _method: 'PUT',
          first_name: 'Ala',
          last_name: 'Nowak',
          email: me.user.email,
          city: 'Gdańsk',
          ...extra,
        },
      });
    const get = async () =>
      (await api().inject({ url: '/api/user', headers: me.auth })).json().data.mail_updates;

    expect(await get()).toBe(true);
    expect((await put({ mail_updates: '0' })).json().data.mail_updates).toBe(false);
    expect(await get()).toBe(false);
    expect((await put({})).statusCode).toBe(200);
    expect(await get()).toBe(false);
    expect((await put({ mail_updates: '1' })).statusCode).toBe(200);
    expect(await get()).toBe(true);
  });
});
