import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceLine } from '@/db/schema';
import { type InvoiceDocument, invoiceFileName, renderInvoicePdf } from './invoice-pdf';
import { lineOf, totalsOf } from './vat';

// The PDF drawn from stored rows alone: what it prints for a private buyer, a configured seller with a
// bank account, several lines, and a correction. (The API's tests cover the numbers and the access.)

const issuedAt = new Date('2026-03-29T10:30:00Z'); // the day Warsaw moves to summer time

function documentOf(overrides: Partial<Invoice>, items = [lineOf('Plan PRO – 1 miesiąc', 1, 9900)]) {
  const totals = totalsOf(items);
  const invoice: Invoice = {
    id: 7,
    kind: 'invoice',
    series: 'FV',
    period: '2026-03',
    seq: 12,
    number: 'FV/2026/03/0012',
    orderId: 3,
    userId: 4,
    correctsId: null,
    reason: null,
    issuedAt,
    saleDate: '2026-03-29',
    buyer: {
      kind: 'private',
      name: 'Łucja Żółkiewska',
      nip: null,
      street: '',
      postcode: '',
      city: 'Kraków',
      country: 'PL',
    },
    seller: {
      name: 'Wydarzenia i Miejsca sp. z o.o.',
      nip: '5260250274',
      street: 'ul. Marszałkowska 1',
      postcode: '00-624',
      city: 'Warszawa',
      country: 'PL',
      bankAccount: 'PL61109010140000071219812874',
    },
    currency: 'PLN',
    net: totals.net,
    vat: totals.vat,
    gross: totals.gross,
    paymentMethod: 'PayU',
    paidAt: issuedAt,
    locale: 'en',
    ksefReference: null,
    createdAt: issuedAt,
    ...overrides,
  };
  const lines: InvoiceLine[] = items.map((line, i) => ({
    id: i + 1,
    invoiceId: 7,
    position: i + 1,
    ...line,
  }));
  return { invoice, lines, corrected: null, demo: false } satisfies InvoiceDocument;
}

async function textOf(document: InvoiceDocument) {
  const pdf = await renderInvoicePdf(document);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('renderInvoicePdf', () => {
  it('prints a private buyer without a NIP, the seller’s grouped bank account and no demo mark', async () => {
    const text = await textOf(documentOf({}));
    expect(text).toContain('Nabywca / Buyer Łucja Żółkiewska Kraków');
    expect(text).toContain('NIP / Tax ID: 526-025-02-74');
    // Only the seller has a NIP.
    expect(text.match(/NIP \/ Tax ID/g)).toHaveLength(1);
    expect(text).toContain('Nr rachunku / Bank account: PL61 1090 1014 0000 0712 1981 2874');
    expect(text).not.toContain('DEMO');
    // Dates in Warsaw time, on the day the clocks change.
    expect(text).toContain('Data wystawienia / Date of issue: 29.03.2026');
    expect(text).toContain('Status płatności / Payment status: zapłacono 29.03.2026 / paid on 29.03.2026');
    expect(text).toContain('Sposób płatności / Payment method: PayU');
  });

  it('lists every line and sums them per rate and overall, thousands grouped', async () => {
    const items = [lineOf('Plan PRO+ – 6 miesięcy', 1, 150000), lineOf('Pakiet 10 wydarzeń', 2, 24950)];
    const text = await textOf(documentOf({}, items));
    expect(text).toContain('1 Plan PRO+ – 6 miesięcy 1 1 219,51 1 219,51 23% 280,49 1 500,00');
    expect(text).toContain('2 Pakiet 10 wydarzeń 2 202,85 405,69 23% 93,31 499,00');
    expect(text).toContain('Razem / Total 1 625,20 373,80 1 999,00');
    expect(text).toContain('Zapłacono / Amount paid: 1 999,00 PLN');
  });

  it('goes on over a second page when the lines do not fit on one', async () => {
    const items = Array.from({ length: 45 }, (_, i) => lineOf(`Pozycja ${i + 1}`, 1, 1000));
    const pdf = await renderInvoicePdf(documentOf({}, items));
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(2);
    const { text } = await extractText(document, { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('45 Pozycja 45 1 8,13 8,13 23% 1,87 10,00');
    expect(text.replace(/\s+/g, ' ')).toContain('Razem / Total 365,85 84,15 450,00');
  });

  it('marks an invoice of the demo seller as not an accounting document', async () => {
    const text = await textOf({ ...documentOf({}), demo: true });
    expect(text).toContain('DEMO: wystawiona przez sprzedawcę demonstracyjnego');
    expect(text).toContain('DEMO: issued by the demonstration seller');
  });

  it('prints a correction with the invoice it corrects, the reason and the refunded amount', async () => {
    const text = await textOf({
      ...documentOf(
        {
          kind: 'correction',
          series: 'FK',
          number: 'FK/2026/04/0001',
          reason: 'Zwrot za niewykorzystane dni',
        },
        [lineOf('Zwrot: Plan PRO', 1, -3300)],
      ),
      corrected: { number: 'FV/2026/03/0012', issuedAt },
    });
    expect(text).toContain('Faktura korygująca / Correcting invoice');
    expect(text).toContain('Nr / No.: FK/2026/04/0001');
    expect(text).toContain('Dotyczy faktury / Corrects invoice: FV/2026/03/0012 (29.03.2026)');
    expect(text).toContain('Przyczyna korekty / Reason for correction: Zwrot za niewykorzystane dni');
    expect(text).toContain('Razem / Total -26,83 -6,17 -33,00');
    expect(text).toContain('Zwrócono / Amount refunded: 33,00 PLN');
  });

  it('names the file after the number without slashes', () => {
    expect(invoiceFileName('FV/2026/11/0001')).toBe('FV-2026-11-0001.pdf');
  });
});
