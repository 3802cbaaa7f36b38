import { and, asc, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { billingDetails, invoices, orders, paymentSettings } from '@/db/schema';
import { formatNip, normalizeNip } from '@/lib/nip';
import { issueCorrection } from '@/server/invoices/issue-invoice';
import { deliverPendingMail } from '@/server/mail/outbox';
import { setTransportForTests, smtpTransport } from '@/server/mail/transport';
import { paymentProvider } from '@/server/payments/providers/provider';
import { signatureHeader } from '@/server/payments/signature';
import { createAccount, createOrganiser, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { startSmtpServer } from '../helpers/smtp';

// Issue 27 item 3: every paid order's VAT invoice as a PDF (Polish with English labels), numbered per
// month without gaps under parallel payments, downloadable by its buyer and admins only, and mailed to
// the buyer with the PDF attached, through the real SMTP transport.

setupTestDb();
const api = setupApi();

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  setTransportForTests(smtpTransport(`smtp://127.0.0.1:${smtp.port}`));
});
afterAll(async () => {
  setTransportForTests(undefined);
  await smtp.close();
});

// A valid NIP (its checksum holds) and a name with every kind of Polish letter the font must carry.
const buyerNip = '1234563218';
const buyerName = 'Zażółć Gęślą Jaźń sp. z o.o.';

async function firstPack() {
  const db = await getDb();
  const [pack] = await db.select().from(paymentSettings).orderBy(paymentSettings.count).limit(1);
  if (!pack) throw new Error('no pack');
  return pack;
}

/** A company with saved billing data (its NIP and Polish name), as the checkout would have kept it. */
async function billedCompany() {
  const company = await createOrganiser({ eventsLeft: 0 });
  const db = await getDb();
  await db.insert(billingDetails).values({
    userId: company.user.id,
    kind: 'company',
    name: buyerName,
    // normalizeNip: a typo in the fixture would leave the NIP out and fail the PDF's test, not pass it.
    nip: normalizeNip(buyerNip),
    street: 'ul. Świętojańska 12/3',
    postcode: '81-368',
    city: 'Gdynia',
  });
  return company;
}

/** Places an event-pack order with the test provider; answers its external id. */
async function placeOrder(auth: Record<string, string>): Promise<string> {
  const pack = await firstPack();
  const response = await api().inject({
    method: 'GET',
    url: `/api/payu/buy_events/${pack.id}`,
    headers: auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.ext_order_id;
}

/** The payer chooses success on the test provider's page. */
async function pay(extOrderId: string) {
  const response = await api().inject({
    method: 'POST',
    url: `/api/payu/test/${extOrderId}`,
    headers: portalOrigin(),
    payload: { outcome: 'success' },
  });
  expect(response.statusCode).toBe(200);
}

async function orderRow(extOrderId: string) {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.extOrderId, extOrderId));
  if (!order) throw new Error('no order');
  return order;
}

async function invoicesOf(orderId: number) {
  const db = await getDb();
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}

function download(url: string, auth: Record<string, string> = {}) {
  return api().inject({ method: 'GET', url, headers: auth });
}

/** The PDF's text, every run of white space (non-breaking ones included) made one space. */
async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** 4065 grosze → "40,65", as the PDF prints amounts (space-grouped thousands). */
const amount = (grosze: number) => {
  const sign = grosze < 0 ? '-' : '';
  const zl = Math.floor(Math.abs(grosze) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${zl},${String(Math.abs(grosze) % 100).padStart(2, '0')}`;
};

describe('VAT invoices', () => {
  it('issues one invoice when an order is paid through the test provider, and none before', async () => {
    const company = await billedCompany();
    const extOrderId = await placeOrder(company.auth);
    const order = await orderRow(extOrderId);
    expect(await invoicesOf(order.id)).toHaveLength(0);
    const pending = await api().inject({
      method: 'GET',
      url: `/api/order/${extOrderId}`,
      headers: company.auth,
    });
    expect(pending.json().data).toMatchObject({ status: 'pending', invoice: null, corrections: [] });

    await pay(extOrderId);
    await pay(extOrderId); // a second success changes nothing
    const issued = await invoicesOf(order.id);
    expect(issued).toHaveLength(1);
    const [invoice] = issued as [(typeof issued)[number]];
    expect(invoice).toMatchObject({ kind: 'invoice', userId: company.user.id, gross: order.amount });
    expect(invoice.net + invoice.vat).toBe(invoice.gross);
    expect(invoice.number).toMatch(/^FV\/\d{4}\/\d{2}\/\d{4}$/);

    const pdfUrl = `/api/invoice/${invoice.id}.pdf`;
    const one = await api().inject({ method: 'GET', url: `/api/order/${extOrderId}`, headers: company.auth });
    expect(one.json().data).toMatchObject({
      status: 'paid',
      invoice: { number: invoice.number, pdf_url: pdfUrl },
      corrections: [],
    });
    const list = await api().inject({ method: 'GET', url: '/api/order', headers: company.auth });
    expect(list.json().data[0]).toMatchObject({ invoice: { number: invoice.number, pdf_url: pdfUrl } });
  });

  it('renders the PDF with the number, both NIPs, net, VAT and gross and the Polish letters intact', async () => {
    const company = await billedCompany();
    const extOrderId = await placeOrder(company.auth);
    await pay(extOrderId);
    const [invoice] = (await invoicesOf((await orderRow(extOrderId)).id)) as [typeof invoices.$inferSelect];

    const response = await download(`/api/invoice/${invoice.id}.pdf`, company.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.number.replaceAll('/', '-')}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    const seller = getConfig().seller;
    expect(text).toContain('Faktura VAT / VAT invoice');
    expect(text).toContain(invoice.number);
    expect(text).toContain('Sprzedawca / Seller');
    expect(text).toContain('Nabywca / Buyer');
    expect(text).toContain(seller.name);
    expect(text).toContain(formatNip(seller.nip));
    expect(text).toContain(formatNip(buyerNip));
    expect(text).toContain(buyerName);
    expect(text).toContain('ul. Świętojańska 12/3');
    expect(text).toContain('81-368 Gdynia');
    // The embedded defaults have no SELLER_*: the demo seller says so on the document.
    expect(seller.demo).toBe(true);
    expect(text).toContain('DEMO');
    for (const value of [invoice.net, invoice.vat, invoice.gross]) expect(text).toContain(amount(value));
    expect(text).toContain('23%');
    expect(text).toContain(`Zapłacono / Amount paid: ${amount(invoice.gross)} PLN`);
    expect(text).toContain('Sposób płatności / Payment method: płatność testowa / test payment');
  });

  it('lets only the buyer and admins download an invoice: another company, a user and unknown ids get 404', async () => {
    const company = await billedCompany();
    const extOrderId = await placeOrder(company.auth);
    await pay(extOrderId);
    const [invoice] = (await invoicesOf((await orderRow(extOrderId)).id)) as [typeof invoices.$inferSelect];
    const url = `/api/invoice/${invoice.id}.pdf`;

    expect((await download(url, company.auth)).statusCode).toBe(200);
    const admin = await createAccount('admin');
    const byAdmin = await download(url, admin.auth);
    expect(byAdmin.statusCode).toBe(200);
    expect(await pdfText(byAdmin.rawPayload)).toContain(invoice.number);

    const other = await createOrganiser();
    const stranger = await download(url, other.auth);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-type']).toMatch(/^application\/json/);
    expect((await download(url, (await createAccount('user')).auth)).statusCode).toBe(404);
    expect((await download('/api/invoice/2147483647.pdf', admin.auth)).statusCode).toBe(404);
    expect((await download(url)).statusCode).toBe(401);
  });

  it('renders a correcting invoice naming the invoice it corrects and why, listed with its order', async () => {
    const company = await billedCompany();
    const extOrderId = await placeOrder(company.auth);
    await pay(extOrderId);
    const order = await orderRow(extOrderId);
    const [invoice] = (await invoicesOf(order.id)) as [typeof invoices.$inferSelect];
    const db = await getDb();
    const correction = await db.transaction((tx) =>
      issueCorrection(tx, {
        invoice,
        order,
        amount: 1000,
        lineName: 'Zwrot części zamówienia',
        reason: 'Błędnie naliczona usługa',
        now: new Date(),
      }),
    );

    const response = await download(`/api/invoice/${correction.id}.pdf`, company.auth);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Faktura korygująca / Correcting invoice');
    expect(text).toContain(correction.number);
    expect(text).toContain(`Dotyczy faktury / Corrects invoice: ${invoice.number}`);
    expect(text).toContain('Przyczyna korekty / Reason for correction: Błędnie naliczona usługa');
    expect(text).toContain(amount(-1000));
    expect(text).toContain(amount(correction.net));
    expect(text).toContain(`Zwrócono / Amount refunded: ${amount(1000)} PLN`);

    const listed = await api().inject({
      method: 'GET',
      url: `/api/order/${extOrderId}`,
      headers: company.auth,
    });
    expect(listed.json().data.corrections).toEqual([
      { number: correction.number, pdf_url: `/api/invoice/${correction.id}.pdf` },
    ]);
  });

  it('numbers 20 invoices paid by parallel notifications without a gap or a repeat', async () => {
    const company = await billedCompany();
    const extOrderIds: string[] = [];
    for (let i = 0; i < 20; i++) extOrderIds.push(await placeOrder(company.auth));
    const placed = await Promise.all(extOrderIds.map(orderRow));
    const { secondKey } = paymentProvider();
    const responses = await Promise.all(
      placed.map((order) => {
        const body = JSON.stringify({
          order: {
            orderId: `TEST-${order.extOrderId}`,
            extOrderId: order.extOrderId,
            totalAmount: String(order.amount),
            currencyCode: order.currency,
            status: 'COMPLETED',
          },
        });
        return api().inject({
          method: 'POST',
          url: '/api/payu/notify',
          headers: {
            'content-type': 'application/json',
            'openpayu-signature': signatureHeader(body, secondKey),
          },
          payload: body,
        });
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(placed.map(() => 200));

    const db = await getDb();
    const issued = await db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.orderId,
          placed.map((o) => o.id),
        ),
      );
    expect(issued).toHaveLength(20);
    expect(new Set(issued.map((i) => i.number)).size).toBe(20);
    expect(new Set(issued.map((i) => i.orderId)).size).toBe(20);
    // Every FV number of each month issued so far, this file's earlier ones included: 1..n, nothing missing.
    for (const period of new Set(issued.map((i) => i.period))) {
      const seqs = (
        await db
          .select({ seq: invoices.seq })
          .from(invoices)
          .where(and(eq(invoices.series, 'FV'), eq(invoices.period, period)))
      )
        .map((r) => r.seq)
        .sort((a, b) => a - b);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
  });

  it('mails the invoice to the buyer as a PDF attachment through SMTP', async () => {
    const company = await billedCompany();
    const extOrderId = await placeOrder(company.auth);
    await pay(extOrderId);
    const [invoice] = (await invoicesOf((await orderRow(extOrderId)).id)) as [typeof invoices.$inferSelect];
    while ((await deliverPendingMail({ limit: 100 })).sent > 0);

    const mails = smtp.received.filter((m) => m.rcptTo.includes(company.user.email));
    expect(mails).toHaveLength(1);
    const raw = (mails[0] as (typeof mails)[number]).raw;
    const fileName = `${invoice.number.replaceAll('/', '-')}.pdf`;
    // The multipart part that carries the PDF, base64 as nodemailer sends binary content.
    const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /^Content-Type: application\/pdf/im.test(p));
    expect(part).toBeDefined();
    const [head = '', ...body] = (part as string).split(/\r?\n\r?\n/);
    expect(head).toMatch(new RegExp(`Content-Disposition: attachment; filename=${fileName}`, 'i'));
    expect(head).toMatch(/Content-Transfer-Encoding: base64/i);
    const pdf = Buffer.from(body.join('').replace(/\s+/g, ''), 'base64');
    const text = await pdfText(pdf);
    expect(text).toContain(invoice.number);
    expect(text).toContain(buyerName);
    // The mail's own text names the invoice it carries.
    expect(raw).toContain(invoice.number);
  });
});
