import { createHash, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks the part of PayU's REST API v2.1 the portal uses: OAuth client credentials,
 * order creation (answered, as PayU does, with 302 and a JSON body), refunds of an order (queued as
 * PENDING) and signed notifications, of payments and of refunds, sent back to the order's notifyUrl. Only node:http, so the tests need no network and no extra dependency.
 */

export type FakePayuStatus = 'PENDING' | 'COMPLETED' | 'CANCELED' | 'WAITING_FOR_CONFIRMATION';

export interface FakePayuNotifyOptions {
  /** Signature algorithm: 'MD5' (default) or 'SHA-256'. */
  algorithm?: 'MD5' | 'SHA-256';
  /** Signs with this second key instead of the configured one (a forged signature). */
  secondKey?: string;
  /** The whole `OpenPayu-Signature` header value, sent as is instead of the computed one. */
  signature?: string;
  /** `order.totalAmount` (grosze, as a string) instead of the created order's. */
  amount?: string;
  /** `order.currencyCode` instead of the created order's. */
  currency?: string;
  /** Changes the notification object before it is serialised (and signed). */
  mutate?: (body: Record<string, unknown>) => void;
}

export type FakePayuRefundStatus = 'PENDING' | 'FINALIZED' | 'CANCELED';

export interface FakePayuRefund {
  /** PayU's id of the refund. */
  refundId: string;
  orderId: string;
  /** The `refund` object of the refund-create body as received. */
  body: Record<string, unknown>;
  /** Its status at PayU: PENDING until a final one is notified (a CANCELED one gives its amount back). */
  status: FakePayuRefundStatus;
}

export interface FakePayuOrder {
  orderId: string;
  /** The create-order body as received. */
  body: Record<string, unknown>;
}

export interface FakePayu {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  posId: string;
  clientId: string;
  clientSecret: string;
  secondKey: string;
  /** Environment for the portal: PAYU_BASE_URL, PAYU_POS_ID, PAYU_CLIENT_ID, PAYU_CLIENT_SECRET, PAYU_SECOND_KEY. */
  env: Record<string, string>;
  /** Every order created, in order. */
  orders: FakePayuOrder[];
  /** How many OAuth tokens were handed out. */
  tokensIssued: number;
  /**
   * Builds the notification for an order (by PayU orderId or extOrderId) with a status, signs it and POSTs
   * it to the order's notifyUrl; returns the HTTP status and body text the portal answered.
   */
  notify(
    order: string,
    status: FakePayuStatus,
    options?: FakePayuNotifyOptions,
  ): Promise<{ status: number; text: string }>;
  /** The same notification, not sent: for a test that delivers it otherwise (e.g. Fastify inject). */
  buildNotification(
    order: string,
    status: FakePayuStatus,
    options?: FakePayuNotifyOptions,
  ): { url: string; body: string; headers: Record<string, string> };
  /** The next create-order call answers this (PayU being down), e.g. `{ status: 500, body: {...} }`. */
  failNextCreate(answer: { status: number; body: unknown }): void;
  /** Every refund asked for and accepted, in order. */
  refunds: FakePayuRefund[];
  /** The next refund-create call answers this instead of queuing the refund. */
  failNextRefund(answer: { status: number; body: unknown }): void;
  /**
   * Builds the refund notification for a refund (by refundId or extRefundId) with a status, signed like
   * a payment one (the options' amount, currency, mutate and signature work the same way).
   */
  buildRefundNotification(
    refund: string,
    status: FakePayuRefundStatus,
    options?: FakePayuNotifyOptions,
  ): { url: string; body: string; headers: Record<string, string> };
  /** The same, POSTed to the order's notifyUrl. */
  notifyRefund(
    refund: string,
    status: FakePayuRefundStatus,
    options?: FakePayuNotifyOptions,
  ): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

interface StoredOrder extends FakePayuOrder {
  createdAt: Date;
  paymentId: string;
}

class CreateError extends Error {
  constructor(
    readonly statusCode: 'ERROR_VALUE_MISSING' | 'ERROR_VALUE_INVALID',
    readonly field: string,
  ) {
    super(`${statusCode}: ${field}`);
  }
}

const MAX_BODY = 1024 * 1024;
const INTEGER = /^\d+$/;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A PayU-looking order id: WZHF5FFDRJ140731GUEST000P01 (ten random characters, the date, a suffix). */
function newOrderId(now: Date): string {
  let random = '';
  for (let i = 0; i < 10; i++) random += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `${random}${date}GUEST000P01`;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function requireString(body: Record<string, unknown>, field: string, path = field): string {
  const value = body[field];
  if (isMissing(value)) throw new CreateError('ERROR_VALUE_MISSING', path);
  if (typeof value !== 'string') throw new CreateError('ERROR_VALUE_INVALID', path);
  return value;
}

function requireInteger(body: Record<string, unknown>, field: string, path: string, min: bigint): bigint {
  const value = requireString(body, field, path);
  if (!INTEGER.test(value) || BigInt(value) < min) throw new CreateError('ERROR_VALUE_INVALID', path);
  return BigInt(value);
}

/** Checks a create-order body as PayU does; throws a CreateError naming the first bad field. */
function validateOrder(body: Record<string, unknown>, posId: string): void {
  const notifyUrl = requireString(body, 'notifyUrl');
  const continueUrl = requireString(body, 'continueUrl');
  requireString(body, 'customerIp');
  const merchantPosId = requireString(body, 'merchantPosId');
  requireString(body, 'description');
  const currencyCode = requireString(body, 'currencyCode');
  const totalAmount = requireInteger(body, 'totalAmount', 'totalAmount', 1n);
  requireString(body, 'extOrderId');

  for (const [field, url] of [
    ['notifyUrl', notifyUrl],
    ['continueUrl', continueUrl],
  ] as const) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new CreateError('ERROR_VALUE_INVALID', field);
    }
  }
  if (merchantPosId !== posId) throw new CreateError('ERROR_VALUE_INVALID', 'merchantPosId');
  if (currencyCode !== 'PLN') throw new CreateError('ERROR_VALUE_INVALID', 'currencyCode');

  if (body.buyer !== undefined) {
    if (!isRecord(body.buyer)) throw new CreateError('ERROR_VALUE_INVALID', 'buyer');
    const email = requireString(body.buyer, 'email', 'buyer.email');
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CreateError('ERROR_VALUE_INVALID', 'buyer.email');
    for (const field of ['firstName', 'lastName', 'language']) {
      const value = body.buyer[field];
      if (value !== undefined && typeof value !== 'string') {
        throw new CreateError('ERROR_VALUE_INVALID', `buyer.${field}`);
      }
    }
  }

  const products = body.products;
  if (products === undefined || products === null || (Array.isArray(products) && products.length === 0)) {
    throw new CreateError('ERROR_VALUE_MISSING', 'products');
  }
  if (!Array.isArray(products)) throw new CreateError('ERROR_VALUE_INVALID', 'products');
  let sum = 0n;
  products.forEach((product: unknown, i) => {
    const path = `products[${i}]`;
    if (!isRecord(product)) throw new CreateError('ERROR_VALUE_INVALID', path);
    requireString(product, 'name', `${path}.name`);
    const unitPrice = requireInteger(product, 'unitPrice', `${path}.unitPrice`, 0n);
    const quantity = requireInteger(product, 'quantity', `${path}.quantity`, 1n);
    sum += unitPrice * quantity;
  });
  if (sum !== totalAmount) throw new CreateError('ERROR_VALUE_INVALID', 'totalAmount');
}

function sign(body: string, secondKey: string, algorithm: 'MD5' | 'SHA-256'): string {
  return createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
    .update(body + secondKey, 'utf8')
    .digest('hex');
}

export async function startFakePayu(
  options: { posId?: string; clientId?: string; clientSecret?: string; secondKey?: string } = {},
): Promise<FakePayu> {
  const posId = options.posId ?? '300746';
  const clientId = options.clientId ?? '300746';
  const clientSecret = options.clientSecret ?? 'fake-client-secret-0123456789';
  const secondKey = options.secondKey ?? 'fake-second-key-0123456789abcdef';

  const tokens = new Set<string>();
  const stored: StoredOrder[] = [];
  const orders: FakePayuOrder[] = [];
  let nextCreateFailure: { status: number; body: unknown } | undefined;
  let nextRefundFailure: { status: number; body: unknown } | undefined;
  const refunds: FakePayuRefund[] = [];
  let baseUrl = '';

  async function handleToken(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') !== 'client_credentials') {
      sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: `Unsupported grant type: ${form.get('grant_type') ?? ''}`,
      });
      return;
    }
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      sendJson(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' });
      return;
    }
    const token = randomBytes(18).toString('hex');
    tokens.add(token);
    fake.tokensIssued++;
    sendJson(res, 200, {
      access_token: token,
      token_type: 'bearer',
      expires_in: 43199,
      grant_type: 'client_credentials',
    });
  }

  async function handleCreate(req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await readBody(req);
    if (nextCreateFailure) {
      const answer = nextCreateFailure;
      nextCreateFailure = undefined;
      sendJson(res, answer.status, answer.body);
      return;
    }
    const auth = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    if (!auth?.[1] || !tokens.has(auth[1])) {
      sendJson(res, 401, {
        status: { statusCode: 'UNAUTHORIZED', statusDesc: 'Authorization failed. Bad or missing token' },
      });
      return;
    }
    let body: unknown;
    try {
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new Error('not JSON');
      body = JSON.parse(raw);
    } catch {
      sendJson(res, 400, { status: { statusCode: 'ERROR_SYNTAX', statusDesc: 'Bad syntax' } });
      return;
    }
    if (!isRecord(body)) {
      sendJson(res, 400, { status: { statusCode: 'ERROR_SYNTAX', statusDesc: 'Bad syntax' } });
      return;
    }
    const extOrderId = body.extOrderId;
    if (typeof extOrderId === 'string' && stored.some((o) => o.body.extOrderId === extOrderId)) {
      sendJson(res, 400, {
        status: {
          statusCode: 'ERROR_ORDER_NOT_UNIQUE',
          statusDesc: 'Order with given extOrderId already exists',
        },
      });
      return;
    }
    try {
      validateOrder(body, posId);
    } catch (error) {
      if (!(error instanceof CreateError)) throw error;
      sendJson(res, 400, { status: { statusCode: error.statusCode, statusDesc: error.field } });
      return;
    }
    const createdAt = new Date();
    const orderId = newOrderId(createdAt);
    const order: StoredOrder = {
      orderId,
      body,
      createdAt,
      paymentId: String(randomInt(1_000_000_000, 2_000_000_000)),
    };
    stored.push(order);
    orders.push({ orderId, body });
    const redirectUri = `${baseUrl}/pay/${orderId}?lang=pl`;
    sendJson(
      res,
      302,
      { status: { statusCode: 'SUCCESS' }, redirectUri, orderId, extOrderId: body.extOrderId },
      { Location: redirectUri },
    );
  }

  /** POST /api/v2_1/orders/{orderId}/refunds: checked as PayU does, never more than what is left of the order. */
  async function handleRefund(orderId: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await readBody(req);
    if (nextRefundFailure) {
      const answer = nextRefundFailure;
      nextRefundFailure = undefined;
      sendJson(res, answer.status, answer.body);
      return;
    }
    const auth = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    if (!auth?.[1] || !tokens.has(auth[1])) {
      sendJson(res, 401, {
        status: { statusCode: 'UNAUTHORIZED', statusDesc: 'Authorization failed. Bad or missing token' },
      });
      return;
    }
    const order = stored.find((o) => o.orderId === orderId);
    if (!order) {
      sendJson(res, 404, { status: { statusCode: 'DATA_NOT_FOUND', statusDesc: 'Order not found' } });
      return;
    }
    let body: unknown;
    try {
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new Error('not JSON');
      body = JSON.parse(raw);
    } catch {
      sendJson(res, 400, { status: { statusCode: 'ERROR_SYNTAX', statusDesc: 'Bad syntax' } });
      return;
    }
    const refund = isRecord(body) ? body.refund : undefined;
    const invalid = (field: string, code = 'ERROR_VALUE_INVALID') =>
      sendJson(res, 400, { status: { statusCode: code, statusDesc: field } });
    if (!isRecord(refund)) return invalid('refund', 'ERROR_VALUE_MISSING');
    let amount: bigint;
    try {
      requireString(refund, 'description', 'refund.description');
      requireString(refund, 'extRefundId', 'refund.extRefundId');
      amount = requireInteger(refund, 'amount', 'refund.amount', 1n);
      if (requireString(refund, 'currencyCode', 'refund.currencyCode') !== order.body.currencyCode)
        throw new CreateError('ERROR_VALUE_INVALID', 'refund.currencyCode');
    } catch (error) {
      if (!(error instanceof CreateError)) throw error;
      return invalid(error.field, error.statusCode);
    }
    if (refunds.some((r) => r.body.extRefundId === refund.extRefundId))
      return invalid('refund.extRefundId', 'ERROR_REFUND_NOT_UNIQUE');
    const refunded = refunds
      .filter((r) => r.orderId === orderId && r.status !== 'CANCELED')
      .reduce((total, r) => total + BigInt(String(r.body.amount)), 0n);
    if (refunded + amount > BigInt(String(order.body.totalAmount))) return invalid('refund.amount');
    const refundId = String(randomInt(1_000_000_000, 2_000_000_000));
    refunds.push({ refundId, orderId, body: refund, status: 'PENDING' });
    const now = new Date().toISOString();
    sendJson(res, 200, {
      orderId,
      refund: {
        refundId,
        extRefundId: refund.extRefundId,
        amount: refund.amount,
        currencyCode: refund.currencyCode,
        description: refund.description,
        creationDateTime: now,
        status: 'PENDING',
        statusDateTime: now,
      },
      status: { statusCode: 'SUCCESS', statusDesc: 'Refund queued for processing' },
    });
  }

  function handlePayPage(orderId: string, res: http.ServerResponse) {
    const safe = orderId.replace(/[^A-Za-z0-9]/g, '');
    const html = `<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Fake PayU payment page</title></head><body><h1>Fake PayU payment page</h1><p>Order ${safe}</p></body></html>`;
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
    });
    res.end(html);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    let handled: Promise<void> | undefined;
    if (route === 'POST /pl/standard/user/oauth/authorize') handled = handleToken(req, res);
    else if (route === 'POST /api/v2_1/orders') handled = handleCreate(req, res);
    else if (req.method === 'POST' && /^\/api\/v2_1\/orders\/[^/]+\/refunds$/.test(url.pathname))
      handled = handleRefund(decodeURIComponent(url.pathname.split('/')[4] ?? ''), req, res);
    else if (req.method === 'GET' && url.pathname.startsWith('/pay/')) {
      handlePayPage(url.pathname.slice('/pay/'.length), res);
      return;
    } else {
      sendJson(res, 404, { status: { statusCode: 'DATA_NOT_FOUND', statusDesc: `No route ${route}` } });
      return;
    }
    handled.catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { status: { statusCode: 'ERROR_INTERNAL', statusDesc: String(error) } });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function findOrder(order: string): StoredOrder {
    const found = stored.find((o) => o.orderId === order) ?? stored.find((o) => o.body.extOrderId === order);
    if (!found) throw new Error(`Fake PayU: no order ${order}`);
    return found;
  }

  function buildNotification(order: string, status: FakePayuStatus, opts: FakePayuNotifyOptions = {}) {
    const o = findOrder(order);
    const b = o.body;
    const notifyUrl = String(b.notifyUrl);
    const notification: Record<string, unknown> = {
      order: {
        orderId: o.orderId,
        extOrderId: b.extOrderId,
        orderCreateDate: o.createdAt.toISOString(),
        notifyUrl,
        customerIp: b.customerIp,
        merchantPosId: b.merchantPosId,
        description: b.description,
        currencyCode: opts.currency ?? b.currencyCode,
        totalAmount: opts.amount ?? b.totalAmount,
        ...(b.buyer === undefined ? {} : { buyer: b.buyer }),
        products: b.products,
        status,
      },
      ...(status === 'COMPLETED' ? { localReceiptDateTime: new Date().toISOString() } : {}),
      properties: [{ name: 'PAYMENT_ID', value: o.paymentId }],
    };
    opts.mutate?.(notification);
    const body = JSON.stringify(notification);
    const algorithm = opts.algorithm ?? 'MD5';
    const signature =
      opts.signature ??
      `sender=checkout;signature=${sign(body, opts.secondKey ?? secondKey, algorithm)};algorithm=${algorithm};content=DOCUMENT`;
    return {
      url: notifyUrl,
      body,
      headers: { 'Content-Type': 'application/json;charset=UTF-8', 'OpenPayu-Signature': signature },
    };
  }

  function signedHeaders(body: string, opts: FakePayuNotifyOptions) {
    const algorithm = opts.algorithm ?? 'MD5';
    const signature =
      opts.signature ??
      `sender=checkout;signature=${sign(body, opts.secondKey ?? secondKey, algorithm)};algorithm=${algorithm};content=DOCUMENT`;
    return { 'Content-Type': 'application/json;charset=UTF-8', 'OpenPayu-Signature': signature };
  }

  function buildRefundNotification(
    refundKey: string,
    status: FakePayuRefundStatus,
    opts: FakePayuNotifyOptions = {},
  ) {
    const refund = refunds.find((r) => r.refundId === refundKey || r.body.extRefundId === refundKey);
    if (!refund) throw new Error(`Fake PayU: no refund ${refundKey}`);
    const order = findOrder(refund.orderId);
    // Final states stick at PayU; a test may still send any status, to see the portal ignore it.
    if (refund.status === 'PENDING') refund.status = status;
    const now = new Date().toISOString();
    const notification: Record<string, unknown> = {
      orderId: order.orderId,
      extOrderId: order.body.extOrderId,
      refund: {
        refundId: refund.refundId,
        extRefundId: refund.body.extRefundId,
        amount: opts.amount ?? refund.body.amount,
        currencyCode: opts.currency ?? refund.body.currencyCode,
        status,
        statusDateTime: now,
        reason: 'refund',
        reasonDescription: refund.body.description,
        refundDate: now,
      },
    };
    opts.mutate?.(notification);
    const body = JSON.stringify(notification);
    return { url: String(order.body.notifyUrl), body, headers: signedHeaders(body, opts) };
  }

  const fake: FakePayu = {
    baseUrl,
    posId,
    clientId,
    clientSecret,
    secondKey,
    env: {
      PAYU_BASE_URL: baseUrl,
      PAYU_POS_ID: posId,
      PAYU_CLIENT_ID: clientId,
      PAYU_CLIENT_SECRET: clientSecret,
      PAYU_SECOND_KEY: secondKey,
    },
    orders,
    tokensIssued: 0,
    async notify(order, status, opts) {
      const { url, body, headers } = buildNotification(order, status, opts);
      const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual' });
      return { status: res.status, text: await res.text() };
    },
    buildNotification,
    failNextCreate(answer) {
      nextCreateFailure = answer;
    },
    refunds,
    failNextRefund(answer) {
      nextRefundFailure = answer;
    },
    buildRefundNotification,
    async notifyRefund(refund, status, opts) {
      const { url, body, headers } = buildRefundNotification(refund, status, opts);
      const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual' });
      return { status: res.status, text: await res.text() };
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  return fake;
}
