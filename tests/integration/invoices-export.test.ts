import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { type BuyerSnapshot, type Invoice, orderItems, orders } from '@/db/schema';
import { issueCorrection, issueInvoice } from '@/server/invoices/issue-invoice';
import { listInvoiceMonths } from '@/server/invoices/monthly-export';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { parseXml, type XmlElement } from '../helpers/xml';

// Issue 27 item 4: the admin downloads a Warsaw month of invoices as a zip of FA(3) XML files and a CSV
// summary for the accounting office. Each test issues its invoices in a year of its own, far from today,
// at instants around midnight and just after the change to summer time, so that the month is Warsaw's.

setupTestDb();
const api = setupApi();

const get = (url: string, headers: Record<string, string> = {}) => api().inject({ url, headers });

const company: BuyerSnapshot = {
  kind: 'company',
  name: '=Bursztyn, "Gdańsk" & syn',
  nip: '1234563218',
  street: 'ul. Długa 5',
  postcode: '80-831',
  city: 'Gdańsk',
  country: 'PL',
};

/** A paid order of `items` (name, gross grosze) with its invoice, issued at `at`. */
async function invoiceAt(userId: number, at: string, items: [string, number][], billing = company) {
  const db = await getDb();
  const when = new Date(at);
  const amount = items.reduce((sum, [, price]) => sum + price, 0);
  const [order] = await db
    .insert(orders)
    .values({ userId, kind: 'events', status: 'paid', amount, provider: 'test', paidAt: when, billing })
    .returning();
  if (!order) throw new Error('no order');
  await db
    .insert(orderItems)
    .values(items.map(([name, unitPrice]) => ({ orderId: order.id, name, unitPrice, quantity: 1 })));
  const invoice = await db.transaction((tx) => issueInvoice(tx, order, when));
  return { order, invoice };
}

/** Four invoices around March of `year` (not a leap year) and a correction of the first. */
async function seedInvoices(year: number) {
  const buyer = await createAccount('company');
  const uid = buyer.user.id;
  // 00:30 on 1 March in Warsaw (winter time): March.
  const march1 = await invoiceAt(uid, `${year}-02-28T23:30:00Z`, [
    ['Plan PRO – 1 miesiąc', 4900],
    ['Pakiet 10 wydarzeń', 4999],
  ]);
  const march2 = await invoiceAt(uid, `${year}-03-15T10:00:00Z`, [['Promocja wydarzenia – 7 dni', 1999]], {
    kind: 'private',
    name: 'Jan Kowalski',
    nip: null,
    street: '',
    postcode: '',
    city: 'Sopot',
    country: 'PL',
  });
  // 23:30 on 28 February in Warsaw: February, whatever UTC says.
  await invoiceAt(uid, `${year}-02-28T22:30:00Z`, [['Plan PRO – 1 miesiąc', 4900]]);
  // 00:30 on 1 April in Warsaw, the first night of summer time: April.
  await invoiceAt(uid, `${year}-03-31T22:30:00Z`, [['Plan PRO – 1 miesiąc', 4900]]);
  const db = await getDb();
  const correction = await db.transaction((tx) =>
    issueCorrection(tx, {
      invoice: march1.invoice,
      order: march1.order,
      amount: 2000,
      lineName: 'Zwrot części płatności',
      reason: 'Zwrot na prośbę klienta',
      now: new Date(`${year}-03-20T09:00:00Z`),
    }),
  );
  return { buyer, march1: march1.invoice, march2: march2.invoice, correction };
}

const fa = (root: XmlElement) => root.children.find((c) => c.name === 'Fa') as XmlElement;
const field = (parent: XmlElement, name: string) => parent.children.find((c) => c.name === name)?.text;

/** The CSV's rows split into cells (RFC 4180: quoted cells, doubled quotes, CRLF), without the BOM. */
function csvRows(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('GET /api/admin/invoices/{YYYY-MM}.zip', () => {
  it('gives the admin the Warsaw month’s invoices and corrections as FA(3) XML and a CSV summary', async () => {
    const { march1, march2, correction } = await seedInvoices(2030);
    expect([march1.number, march2.number, correction.number]).toEqual([
      'FV/2030/03/0001',
      'FV/2030/03/0002',
      'FK/2030/03/0001',
    ]);
    const admin = await createAccount('admin');
    const res = await get('/api/admin/invoices/2030-03.zip', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="faktury-2030-03.zip"');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'FK-2030-03-0001.xml',
      'FV-2030-03-0001.xml',
      'FV-2030-03-0002.xml',
      'zestawienie-2030-03.csv',
    ]);
    const xml = (name: string) => parseXml(strFromU8(files[name] as Uint8Array));
    for (const [name, invoice] of [
      ['FV-2030-03-0001.xml', march1],
      ['FV-2030-03-0002.xml', march2],
      ['FK-2030-03-0001.xml', correction],
    ] as [string, Invoice][]) {
      const root = xml(name);
      expect(root.name).toBe('Faktura');
      expect(root.attrs.xmlns).toBe('http://crd.gov.pl/wzor/2025/06/25/13775/');
      expect(field(fa(root), 'P_2')).toBe(invoice.number);
      expect(field(fa(root), 'P_15')).toBe((invoice.gross / 100).toFixed(2));
    }
    expect(field(fa(xml('FV-2030-03-0001.xml')), 'P_1')).toBe('2030-03-01');
    const kor = fa(xml('FK-2030-03-0001.xml'));
    expect(field(kor, 'RodzajFaktury')).toBe('KOR');
    const corrected = kor.children.find((c) => c.name === 'DaneFaKorygowanej') as XmlElement;
    expect(field(corrected, 'NrFaKorygowanej')).toBe('FV/2030/03/0001');
    expect(field(corrected, 'DataWystFaKorygowanej')).toBe('2030-03-01');

    const summary = files['zestawienie-2030-03.csv'] as Uint8Array;
    // A BOM, so that a spreadsheet reads the Polish letters as UTF-8 (the decoder drops it).
    expect([...summary.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(strFromU8(summary));
    expect(rows).toEqual([
      [
        'Numer',
        'Data wystawienia',
        'Data sprzedaży',
        'Nabywca',
        'NIP nabywcy',
        'Netto (PLN)',
        'VAT (PLN)',
        'Brutto (PLN)',
        'Faktura korygowana',
      ],
      // The buyer's name would start a formula in a spreadsheet: it is defused with a quote.
      [
        'FV/2030/03/0001',
        '2030-03-01',
        '2030-03-01',
        `'${company.name}`,
        '1234563218',
        '80.48',
        '18.51',
        '98.99',
        '',
      ],
      ['FV/2030/03/0002', '2030-03-15', '2030-03-15', 'Jan Kowalski', '', '16.25', '3.74', '19.99', ''],
      [
        'FK/2030/03/0001',
        '2030-03-20',
        '2030-03-01',
        `'${company.name}`,
        '1234563218',
        '-16.26',
        '-3.74',
        '-20.00',
        'FV/2030/03/0001',
      ],
    ]);
  });

  it('holds the neighbouring months’ invoices in their own zips, and an empty month has only the summary', async () => {
    await seedInvoices(2031);
    const admin = await createAccount('admin');
    const names = async (month: string) => {
      const res = await get(`/api/admin/invoices/${month}.zip`, admin.auth);
      expect(res.statusCode).toBe(200);
      return Object.keys(unzipSync(new Uint8Array(res.rawPayload))).sort();
    };
    expect(await names('2031-02')).toEqual(['FV-2031-02-0001.xml', 'zestawienie-2031-02.csv']);
    expect(await names('2031-03')).toEqual([
      'FK-2031-03-0001.xml',
      'FV-2031-03-0001.xml',
      'FV-2031-03-0002.xml',
      'zestawienie-2031-03.csv',
    ]);
    expect(await names('2031-04')).toEqual(['FV-2031-04-0001.xml', 'zestawienie-2031-04.csv']);
    expect(await names('2029-01')).toEqual(['zestawienie-2029-01.csv']);

    // The admin page offers the current month and every month with invoices, newest first.
    const months = await listInvoiceMonths(new Date('2031-05-10T12:00:00Z'));
    expect(months.filter((m) => m.month.startsWith('2031'))).toEqual([
      { month: '2031-05', invoices: 0 },
      { month: '2031-04', invoices: 1 },
      { month: '2031-03', invoices: 3 },
      { month: '2031-02', invoices: 1 },
    ]);
  });

  it('names the files and the summary’s columns in English for an English admin', async () => {
    await seedInvoices(2033);
    const admin = await createAccount('admin');
    const res = await get('/api/admin/invoices/2033-03.zip', { ...admin.auth, 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoices-2033-03.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toContain('FV-2033-03-0001.xml');
    const summary = strFromU8(files['summary-2033-03.csv'] as Uint8Array);
    expect(csvRows(summary)[0]).toEqual([
      'Number',
      'Issue date',
      'Sale date',
      'Buyer',
      "Buyer's NIP",
      'Net (PLN)',
      'VAT (PLN)',
      'Gross (PLN)',
      'Corrected invoice',
    ]);
  });

  it('refuses anonymous visitors (401), attendees and companies (403)', async () => {
    const url = '/api/admin/invoices/2030-03.zip';
    expect((await get(url)).statusCode).toBe(401);
    const user = await createAccount('user');
    const buyer = await createAccount('company');
    expect((await get(url, user.auth)).statusCode).toBe(403);
    const refused = await get(url, buyer.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['2030-13', '2030-00', '2030-3', 'abcd-ef', '30-03', '2030-03.zip', ''])(
    'answers a bad month "%s" with a 422 naming the field',
    async (month) => {
      const admin = await createAccount('admin');
      const pl = await get(`/api/admin/invoices/${month}.zip`, admin.auth);
      expect(pl.statusCode).toBe(422);
      expect(pl.json().errors.month).toEqual(['Podaj miesiąc w formacie RRRR-MM.']);
      const en = await get(`/api/admin/invoices/${month}.zip`, { ...admin.auth, 'accept-language': 'en' });
      expect(en.statusCode).toBe(422);
      expect(en.json().errors.month).toEqual(['Enter a month as YYYY-MM.']);
    },
  );
});
