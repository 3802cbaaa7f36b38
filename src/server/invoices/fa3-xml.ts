import type { BuyerSnapshot, Invoice, InvoiceLine, SellerSnapshot } from '@/db/schema';
import { dateToWarsaw } from '@/lib/warsaw-time';
import { totalsOf } from './vat';
import { el, renderXml, type XmlElement } from './xml-writer';

// Issue 27 item 4: an invoice as the Ministry of Finance's structured invoice FA(3) (schema 1-0E), the
// form KSeF takes and accounting offices import. Elements follow the schema's order; optional ones the
// portal has nothing for are left out. The portal sells services at one rate to buyers in Poland, paid
// in advance, so most annotations are the schema's "no" (2) or "not applicable" (1) flags.

export const fa3Namespace = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

/** Who wrote the document, as FA(3)'s SystemInfo names it. */
const systemInfo = 'Wydarzenia i Miejsca';

// TZnakowy, the schema's general text type, holds at most 256 characters.
const maxText = 256;

// The rate buckets of the summary: net in P_13_n, VAT in P_14_n (23 % and 22 % share the first).
const rateFields: Record<number, [string, string]> = {
  23: ['P_13_1', 'P_14_1'],
  22: ['P_13_1', 'P_14_1'],
  8: ['P_13_2', 'P_14_2'],
  7: ['P_13_2', 'P_14_2'],
  5: ['P_13_3', 'P_14_3'],
};

// What the portal takes its payments by: PayU (and the test provider standing in for it) pays the
// seller out by bank transfer, FormaPlatnosci 6 ("przelew").
const paidByTransfer = '6';

/** The corrected invoice a correction names (DaneFaKorygowanej). */
export type CorrectedInvoice = Pick<Invoice, 'number' | 'issuedAt' | 'ksefReference'>;

export interface Fa3Input {
  invoice: Invoice;
  lines: Pick<
    InvoiceLine,
    'position' | 'name' | 'quantity' | 'unitNet' | 'vatRate' | 'net' | 'vat' | 'gross'
  >[];
  /** Required for a correction. */
  corrected?: CorrectedInvoice | null;
}

/** Grosze as PLN with a dot and two decimals: -1234 → "-12.34". */
export function plnAmount(grosze: number): string {
  if (!Number.isSafeInteger(grosze)) throw new Error(`not an amount in grosze: ${grosze}`);
  const abs = Math.abs(grosze);
  return `${grosze < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const warsawDate = (instant: Date) => dateToWarsaw(instant).date;

/** Code points, not UTF-16 units, so a cut never splits a letter outside the BMP. */
const clip = (text: string, max = maxText) => Array.from(text.trim()).slice(0, max).join('');

function address({ street, postcode, city, country }: Omit<BuyerSnapshot, 'kind' | 'name' | 'nip'>) {
  const lines = [street.trim(), `${postcode.trim()} ${city.trim()}`.trim()].filter(Boolean);
  if (lines.length === 0) return null;
  return el('Adres', [
    el('KodKraju', country || 'PL'),
    el('AdresL1', clip(lines[0] as string, 512)),
    lines[1] !== undefined && el('AdresL2', clip(lines[1], 512)),
  ]);
}

function seller(s: SellerSnapshot): XmlElement {
  return el('Podmiot1', [
    el('DaneIdentyfikacyjne', [el('NIP', s.nip), el('Nazwa', clip(s.name, 512))]),
    address(s),
  ]);
}

function buyer(b: BuyerSnapshot): XmlElement {
  return el('Podmiot2', [
    el('DaneIdentyfikacyjne', [
      // A private buyer has no tax identifier: BrakID says so.
      b.nip ? el('NIP', b.nip) : el('BrakID', '1'),
      el('Nazwa', clip(b.name, 512)),
    ]),
    address(b),
    // Not a subordinate unit of a local government (JST) nor a member of a VAT group (GV): 2 is "no".
    el('JST', '2'),
    el('GV', '2'),
  ]);
}

function rateTotals(lines: Fa3Input['lines']): XmlElement[] {
  const sums = new Map<string, number>();
  for (const [rate, totals] of totalsOf(lines).byRate) {
    const fields = rateFields[rate];
    if (!fields) throw new Error(`no FA(3) field for the VAT rate ${rate} %`);
    const [netField, vatField] = fields;
    sums.set(netField, (sums.get(netField) ?? 0) + totals.net);
    sums.set(vatField, (sums.get(vatField) ?? 0) + totals.vat);
  }
  // The schema orders them P_13_1, P_14_1, P_13_2, …: by bucket, net before VAT.
  return [...sums.entries()]
    .sort(([a], [b]) => a.slice(5).localeCompare(b.slice(5)) || a.localeCompare(b))
    .map(([field, grosze]) => el(field, plnAmount(grosze)));
}

const annotations = () =>
  el('Adnotacje', [
    // No cash accounting, self-billing, reverse charge or split payment: 2 is "no".
    el('P_16', '2'),
    el('P_17', '2'),
    el('P_18', '2'),
    el('P_18A', '2'),
    // Not exempt, no new means of transport, no margin scheme: the "N" flags (1) say "not applicable".
    el('Zwolnienie', [el('P_19N', '1')]),
    el('NoweSrodkiTransportu', [el('P_22N', '1')]),
    el('P_23', '2'),
    el('PMarzy', [el('P_PMarzyN', '1')]),
  ]);

function correction(invoice: Invoice, corrected: CorrectedInvoice | null | undefined): XmlElement[] {
  if (!corrected) throw new Error(`correction ${invoice.number} without the invoice it corrects`);
  return [
    el('PrzyczynaKorekty', clip(invoice.reason ?? '')),
    // A refund lowers the taxable amount in the period the correction is issued in (art. 29a ust. 13).
    el('TypKorekty', '2'),
    el('DaneFaKorygowanej', [
      el('DataWystFaKorygowanej', warsawDate(corrected.issuedAt)),
      el('NrFaKorygowanej', corrected.number),
      ...(corrected.ksefReference
        ? [el('NrKSeF', '1'), el('NrKSeFFaKorygowanej', corrected.ksefReference)]
        : // Issued outside KSeF: the portal does not send invoices there yet (ksef.ts).
          [el('NrKSeFN', '1')]),
    ]),
  ];
}

const line = (l: Fa3Input['lines'][number], index: number) =>
  el('FaWiersz', [
    el('NrWierszaFa', index + 1),
    el('P_7', clip(l.name)),
    // Everything the portal sells is a service ("usługa").
    el('P_8A', 'usł.'),
    el('P_8B', l.quantity),
    el('P_9A', plnAmount(l.unitNet)),
    el('P_11', plnAmount(l.net)),
    el('P_12', String(l.vatRate)),
  ]);

/** The invoice (or correction) as an FA(3) document. Always the same text for the same invoice. */
export function fa3Xml({ invoice, lines, corrected }: Fa3Input): string {
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  const isCorrection = invoice.kind === 'correction';
  return renderXml(
    el(
      'Faktura',
      [
        el('Naglowek', [
          el('KodFormularza', 'FA', { kodSystemowy: 'FA (3)', wersjaSchemy: '1-0E' }),
          el('WariantFormularza', '3'),
          // The document is made when the invoice is issued; exporting it again gives the same bytes.
          el('DataWytworzeniaFa', `${invoice.issuedAt.toISOString().slice(0, 19)}Z`),
          el('SystemInfo', systemInfo),
        ]),
        seller(invoice.seller),
        buyer(invoice.buyer),
        el('Fa', [
          el('KodWaluty', invoice.currency),
          el('P_1', warsawDate(invoice.issuedAt)),
          el('P_2', invoice.number),
          el('P_6', invoice.saleDate),
          ...rateTotals(sorted),
          el('P_15', plnAmount(invoice.gross)),
          annotations(),
          el('RodzajFaktury', isCorrection ? 'KOR' : 'VAT'),
          ...(isCorrection ? correction(invoice, corrected) : []),
          ...sorted.map(line),
          invoice.paidAt &&
            el('Platnosc', [
              el('Zaplacono', '1'),
              el('DataZaplaty', warsawDate(invoice.paidAt)),
              el('FormaPlatnosci', paidByTransfer),
            ]),
        ]),
      ],
      { xmlns: fa3Namespace },
    ),
  );
}

/** The file name of an invoice's XML in an export: its number with the slashes replaced. */
export const fa3FileName = (number: string) => `${number.replace(/[^\w.-]/g, '-')}.xml`;
