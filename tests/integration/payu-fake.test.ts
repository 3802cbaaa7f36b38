import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayu, startFakePayu } from '../helpers/payu-server';

// The fake PayU server alone: what its answers look like, and that its notifications are signed as
// PayU documents (hex(md5|sha256(body + second key))).

let payu: FakePayu;
/** A local endpoint standing in for the portal's notifyUrl: keeps what it receives, answers 200. */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.end('OK');
  });
});
let notifyUrl = '';

beforeAll(async () => {
  payu = await startFakePayu();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/payu/notify`;
});

afterAll(async () => {
  await payu.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function token(id = payu.clientId, secret = payu.clientSecret) {
  return fetch(`${payu.baseUrl}/pl/standard/user/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret }),
  });
}

async function accessToken(): Promise<string> {
  return ((await (await token()).json()) as { access_token: string }).access_token;
}

let seq = 0;
function orderBody(patch: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  return {
    notifyUrl,
    continueUrl: 'https://portal.example/pl/zamowienia/1',
    customerIp: '127.0.0.1',
    merchantPosId: payu.posId,
    description: 'Bilet: Koncert',
    currencyCode: 'PLN',
    totalAmount: '9800',
    extOrderId: `order-${seq}-${Date.now()}`,
    buyer: { email: 'anna@example.com', firstName: 'Anna', language: 'pl' },
    products: [{ name: 'Bilet normalny', unitPrice: '4900', quantity: '2' }],
    ...patch,
  };
}

async function createOrder(body: unknown, bearer?: string) {
  const res = await fetch(`${payu.baseUrl}/api/v2_1/orders`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${bearer ?? (await accessToken())}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

function signatureParts(header: string): Record<string, string> {
  return Object.fromEntries(header.split(';').map((part) => part.split('=') as [string, string]));
}

describe('OAuth', () => {
  it('hands out a bearer token for the right credentials and counts it', async () => {
    const before = payu.tokensIssued;
    const res = await token();
    expect(res.status).toBe(200);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ token_type: 'bearer', expires_in: 43199, grant_type: 'client_credentials' });
    expect(json.access_token).toMatch(/^\S{16,}$/);
    expect(payu.tokensIssued).toBe(before + 1);
  });

  it('answers 401 invalid_client for a wrong secret or id', async () => {
    for (const res of [await token(payu.clientId, 'wrong'), await token('999', payu.clientSecret)]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: 'invalid_client',
        error_description: 'Bad client credentials',
      });
    }
  });

  it('exposes the environment for the portal', () => {
    expect(payu.env).toEqual({
      PAYU_BASE_URL: payu.baseUrl,
      PAYU_POS_ID: '300746',
      PAYU_CLIENT_ID: '300746',
      PAYU_CLIENT_SECRET: 'fake-client-secret-0123456789',
      PAYU_SECOND_KEY: 'fake-second-key-0123456789abcdef',
    });
    expect(payu.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('create order', () => {
  it('answers 302 with Location and a JSON body, and records the order', async () => {
    const body = orderBody();
    const { res, json } = await createOrder(body);
    expect(res.status).toBe(302);
    expect(json.status).toEqual({ statusCode: 'SUCCESS' });
    expect(json.orderId).toMatch(/^[A-Z0-9]{10}\d{6}GUEST000P01$/);
    expect(json.extOrderId).toBe(body.extOrderId);
    expect(json.redirectUri).toBe(`${payu.baseUrl}/pay/${json.orderId}?lang=pl`);
    expect(res.headers.get('location')).toBe(json.redirectUri);
    expect(payu.orders.at(-1)).toEqual({ orderId: json.orderId, body });

    const page = await fetch(String(json.redirectUri));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Fake PayU payment page');
  });

  it('refuses an unknown or missing token with 401 UNAUTHORIZED', async () => {
    const { res, json } = await createOrder(orderBody(), 'not-a-token');
    expect(res.status).toBe(401);
    expect((json.status as Record<string, unknown>).statusCode).toBe('UNAUTHORIZED');
  });

  it.each([
    [{ notifyUrl: undefined }, 'ERROR_VALUE_MISSING', 'notifyUrl'],
    [{ description: '' }, 'ERROR_VALUE_MISSING', 'description'],
    [{ products: [] }, 'ERROR_VALUE_MISSING', 'products'],
    [{ buyer: { firstName: 'Anna' } }, 'ERROR_VALUE_MISSING', 'buyer.email'],
    [{ products: [{ name: 'X', unitPrice: '9800' }] }, 'ERROR_VALUE_MISSING', 'products[0].quantity'],
    [{ merchantPosId: '123' }, 'ERROR_VALUE_INVALID', 'merchantPosId'],
    [{ currencyCode: 'EUR' }, 'ERROR_VALUE_INVALID', 'currencyCode'],
    [{ totalAmount: '9900' }, 'ERROR_VALUE_INVALID', 'totalAmount'],
    [{ totalAmount: 9800 }, 'ERROR_VALUE_INVALID', 'totalAmount'],
    [{ totalAmount: '98.00' }, 'ERROR_VALUE_INVALID', 'totalAmount'],
    [
      { products: [{ name: 'X', unitPrice: '4900', quantity: '0' }], totalAmount: '0' },
      'ERROR_VALUE_INVALID',
      'totalAmount',
    ],
  ])('refuses %j with %s %s', async (patch, statusCode, field) => {
    const count = payu.orders.length;
    const { res, json } = await createOrder(orderBody(patch));
    expect(res.status).toBe(400);
    expect(json).toEqual({ status: { statusCode, statusDesc: field } });
    expect(payu.orders).toHaveLength(count);
  });

  it('refuses a repeated extOrderId with ERROR_ORDER_NOT_UNIQUE', async () => {
    const body = orderBody();
    expect((await createOrder(body)).res.status).toBe(302);
    const { res, json } = await createOrder(body);
    expect(res.status).toBe(400);
    expect((json.status as Record<string, unknown>).statusCode).toBe('ERROR_ORDER_NOT_UNIQUE');
  });

  it('answers a queued failure once, then works again', async () => {
    payu.failNextCreate({ status: 500, body: { status: { statusCode: 'ERROR_INTERNAL' } } });
    const failed = await createOrder(orderBody());
    expect(failed.res.status).toBe(500);
    expect(failed.json).toEqual({ status: { statusCode: 'ERROR_INTERNAL' } });
    expect((await createOrder(orderBody())).res.status).toBe(302);
  });
});

describe('notifications', () => {
  let orderId = '';
  let extOrderId = '';
  beforeAll(async () => {
    const body = orderBody();
    extOrderId = String(body.extOrderId);
    orderId = String((await createOrder(body)).json.orderId);
  });

  it.each([
    ['MD5', 'md5'],
    ['SHA-256', 'sha256'],
  ] as const)('signs with %s over body + second key', (algorithm, hash) => {
    const n = payu.buildNotification(orderId, 'COMPLETED', { algorithm });
    expect(n.url).toBe(notifyUrl);
    const parts = signatureParts(n.headers['OpenPayu-Signature']!);
    expect(parts).toMatchObject({ sender: 'checkout', algorithm, content: 'DOCUMENT' });
    const expected = createHash(hash)
      .update(n.body + payu.secondKey)
      .digest('hex');
    expect(parts.signature).toBe(expected);
  });

  it('carries the order, status, receipt time and payment id', () => {
    const n = JSON.parse(payu.buildNotification(extOrderId, 'COMPLETED').body);
    expect(n.order).toMatchObject({
      orderId,
      extOrderId,
      notifyUrl,
      merchantPosId: payu.posId,
      currencyCode: 'PLN',
      totalAmount: '9800',
      status: 'COMPLETED',
      buyer: { email: 'anna@example.com' },
    });
    expect(new Date(n.order.orderCreateDate).toISOString()).toBe(n.order.orderCreateDate);
    expect(n.localReceiptDateTime).toEqual(expect.any(String));
    expect(n.properties).toEqual([{ name: 'PAYMENT_ID', value: expect.stringMatching(/^\d+$/) }]);
    expect(JSON.parse(payu.buildNotification(orderId, 'PENDING').body).localReceiptDateTime).toBeUndefined();
  });

  it('applies the overrides: amount, currency, mutate, forged key, raw signature', () => {
    const n = payu.buildNotification(orderId, 'CANCELED', {
      amount: '1',
      currency: 'EUR',
      secondKey: 'forged',
      mutate: (body) => {
        body.extra = true;
      },
    });
    const parsed = JSON.parse(n.body);
    expect(parsed.order).toMatchObject({ totalAmount: '1', currencyCode: 'EUR', status: 'CANCELED' });
    expect(parsed.extra).toBe(true);
    const parts = signatureParts(n.headers['OpenPayu-Signature']!);
    expect(parts.signature).toBe(createHash('md5').update(`${n.body}forged`).digest('hex'));
    expect(
      payu.buildNotification(orderId, 'PENDING', { signature: 'nonsense' }).headers['OpenPayu-Signature'],
    ).toBe('nonsense');
  });

  it('POSTs the exact signed bytes to notifyUrl and returns the answer', async () => {
    received.length = 0;
    const answer = await payu.notify(orderId, 'COMPLETED', { algorithm: 'SHA-256' });
    expect(answer).toEqual({ status: 200, text: 'OK' });
    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    expect(headers['content-type']).toMatch(/^application\/json/);
    const parts = signatureParts(String(headers['openpayu-signature']));
    expect(parts.signature).toBe(
      createHash('sha256')
        .update(body + payu.secondKey)
        .digest('hex'),
    );
  });

  it('throws for an unknown order', () => {
    expect(() => payu.buildNotification('NOPE', 'COMPLETED')).toThrow(/no order/);
  });
});
