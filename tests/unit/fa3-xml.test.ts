import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { BuyerSnapshot, Invoice } from '@/db/schema';
import { type Fa3Input, fa3FileName, fa3Namespace, fa3Xml, plnAmount } from '@/server/invoices/fa3-xml';
import { type LineAmounts, lineOf, totalsOf } from '@/server/invoices/vat';
import { el, renderXml } from '@/server/invoices/xml-writer';
import { parseXml, type XmlElement } from '../helpers/xml';

// Issue 27 item 4: the FA(3) document of an invoice and of a correction. Well-formedness is checked by
// libxml2's xmllint (Debian's libxml2-utils), the structure by the strict reader of tests/helpers/xml.ts.

const seller = {
  name: 'Wydarzenia i Miejsca sp. z o.o.',
  nip: '5252248481',
  street: 'ul. Marszałkowska 1',
  postcode: '00-001',
  city: 'Warszawa',
  country: 'PL',
  bankAccount: null,
};

const companyBuyer: BuyerSnapshot = {
  kind: 'company',
  // Every character XML treats specially, a control character and a vertical tab that XML cannot carry.
  name: 'Firma "A&B" <Żółć> \'Test\'\u0001 sp.\u000B j.',
  nip: '1234563218',
  street: 'ul. Długa 5/7',
  postcode: '80-831',
  city: 'Gdańsk',
  country: 'PL',
};

function invoiceOf(lines: LineAmounts[], overrides: Partial<Invoice> = {}): Fa3Input {
  const totals = totalsOf(lines);
  const invoice: Invoice = {
    id: 1,
    kind: 'invoice',
    series: 'FV',
    period: '2026-11',
    seq: 7,
    number: 'FV/2026/11/0007',
    orderId: 1,
    userId: 1,
    correctsId: null,
    reason: null,
    // 00:30 on 1 November in Warsaw: the dates are Warsaw's, not UTC's.
    issuedAt: new Date('2026-10-31T23:30:00Z'),
    saleDate: '2026-11-01',
    buyer: companyBuyer,
    seller,
    currency: 'PLN',
    net: totals.net,
    vat: totals.vat,
    gross: totals.gross,
    paymentMethod: 'PayU',
    paidAt: new Date('2026-10-31T23:29:00Z'),
    locale: 'pl',
    ksefReference: null,
    createdAt: new Date('2026-10-31T23:30:00Z'),
    ...overrides,
  };
  return { invoice, lines: lines.map((line, i) => ({ position: i + 1, ...line })) };
}

const sale = () =>
  invoiceOf([lineOf('Plan PRO – 3 miesiące', 1, 14_900), lineOf('Pakiet 10 wydarzeń', 3, 4_999)]);

/** xmllint's verdict on the document: nothing on stderr and exit 0 when it is well-formed. */
function xmllint(xml: string): void {
  execFileSync('xmllint', ['--noout', '--nonet', '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
}

const child = (parent: XmlElement, name: string): XmlElement => {
  const found = parent.children.find((c) => c.name === name);
  if (!found) throw new Error(`<${parent.name}> has no <${name}>`);
  return found;
};
const at = (root: XmlElement, path: string) => path.split('/').reduce(child, root);
const text = (root: XmlElement, path: string) => at(root, path).text;
const grosze = (amount: string) => {
  expect(amount).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(amount) * 100);
};

describe('FA(3) XML of an invoice', () => {
  it('is well-formed XML in the FA(3) namespace', () => {
    const xml = fa3Xml(sale());
    expect(() => xmllint(xml)).not.toThrow();
    const root = parseXml(xml);
    expect(root.name).toBe('Faktura');
    expect(root.attrs.xmlns).toBe(fa3Namespace);
    expect(fa3Namespace).toBe('http://crd.gov.pl/wzor/2025/06/25/13775/');
    expect(root.children.map((c) => c.name)).toEqual(['Naglowek', 'Podmiot1', 'Podmiot2', 'Fa']);
  });

  it('has the header, seller, buyer, totals, annotations, lines and payment FA(3) requires', () => {
    const root = parseXml(fa3Xml(sale()));
    const code = at(root, 'Naglowek/KodFormularza');
    expect(code.text).toBe('FA');
    expect(code.attrs).toEqual({ kodSystemowy: 'FA (3)', wersjaSchemy: '1-0E' });
    expect(text(root, 'Naglowek/WariantFormularza')).toBe('3');
    expect(text(root, 'Naglowek/DataWytworzeniaFa')).toBe('2026-10-31T23:30:00Z');
    expect(text(root, 'Naglowek/SystemInfo')).toBe('Wydarzenia i Miejsca');

    expect(text(root, 'Podmiot1/DaneIdentyfikacyjne/NIP')).toBe('5252248481');
    expect(text(root, 'Podmiot1/DaneIdentyfikacyjne/Nazwa')).toBe(seller.name);
    expect(text(root, 'Podmiot1/Adres/KodKraju')).toBe('PL');
    expect(text(root, 'Podmiot1/Adres/AdresL1')).toBe('ul. Marszałkowska 1');
    expect(text(root, 'Podmiot1/Adres/AdresL2')).toBe('00-001 Warszawa');

    expect(text(root, 'Podmiot2/DaneIdentyfikacyjne/NIP')).toBe('1234563218');
    expect(text(root, 'Podmiot2/Adres/AdresL1')).toBe('ul. Długa 5/7');
    expect(text(root, 'Podmiot2/Adres/AdresL2')).toBe('80-831 Gdańsk');
    expect(text(root, 'Podmiot2/JST')).toBe('2');
    expect(text(root, 'Podmiot2/GV')).toBe('2');

    const fa = at(root, 'Fa');
    // The schema's sequence, in its order.
    expect(fa.children.map((c) => c.name)).toEqual([
      'KodWaluty',
      'P_1',
      'P_2',
      'P_6',
      'P_13_1',
      'P_14_1',
      'P_15',
      'Adnotacje',
      'RodzajFaktury',
      'FaWiersz',
      'FaWiersz',
      'Platnosc',
    ]);
    expect(text(fa, 'KodWaluty')).toBe('PLN');
    expect(text(fa, 'P_1')).toBe('2026-11-01');
    expect(text(fa, 'P_2')).toBe('FV/2026/11/0007');
    expect(text(fa, 'P_6')).toBe('2026-11-01');
    expect(text(fa, 'RodzajFaktury')).toBe('VAT');
    expect(at(fa, 'Adnotacje').children.map((c) => [c.name, c.text || c.children[0]?.text])).toEqual([
      ['P_16', '2'],
      ['P_17', '2'],
      ['P_18', '2'],
      ['P_18A', '2'],
      ['Zwolnienie', '1'],
      ['NoweSrodkiTransportu', '1'],
      ['P_23', '2'],
      ['PMarzy', '1'],
    ]);
    expect(text(fa, 'Adnotacje/Zwolnienie/P_19N')).toBe('1');
    expect(text(fa, 'Adnotacje/NoweSrodkiTransportu/P_22N')).toBe('1');
    expect(text(fa, 'Adnotacje/PMarzy/P_PMarzyN')).toBe('1');

    const rows = fa.children.filter((c) => c.name === 'FaWiersz');
    expect(rows.map((r) => r.children.map((c) => c.name))).toEqual(
      rows.map(() => ['NrWierszaFa', 'P_7', 'P_8A', 'P_8B', 'P_9A', 'P_11', 'P_12']),
    );
    expect(
      rows.map((r) => [text(r, 'NrWierszaFa'), text(r, 'P_7'), text(r, 'P_8B'), text(r, 'P_12')]),
    ).toEqual([
      ['1', 'Plan PRO – 3 miesiące', '1', '23'],
      ['2', 'Pakiet 10 wydarzeń', '3', '23'],
    ]);
    expect(text(rows[1] as XmlElement, 'P_8A')).toBe('usł.');
    // 3 × 49.99 gross = 149.97: VAT 28.04 out of it, net 121.93; 40.64 a unit.
    expect(text(rows[1] as XmlElement, 'P_9A')).toBe('40.64');
    expect(text(rows[1] as XmlElement, 'P_11')).toBe('121.93');

    expect(text(fa, 'Platnosc/Zaplacono')).toBe('1');
    expect(text(fa, 'Platnosc/DataZaplaty')).toBe('2026-11-01');
    expect(text(fa, 'Platnosc/FormaPlatnosci')).toBe('6');
  });

  it('has amounts that add up: the lines to P_13_1, P_13_1 and P_14_1 to P_15, P_15 to what was paid', () => {
    const fa = at(parseXml(fa3Xml(sale())), 'Fa');
    const lineNets = fa.children.filter((c) => c.name === 'FaWiersz').map((r) => grosze(text(r, 'P_11')));
    const net = grosze(text(fa, 'P_13_1'));
    const vat = grosze(text(fa, 'P_14_1'));
    const gross = grosze(text(fa, 'P_15'));
    expect(lineNets.reduce((a, b) => a + b, 0)).toBe(net);
    expect(net + vat).toBe(gross);
    expect(gross).toBe(14_900 + 3 * 4_999);
    expect(text(fa, 'P_15')).toBe('298.97');
  });

  it('escapes special characters in the buyer name and drops the characters XML cannot carry', () => {
    const xml = fa3Xml(sale());
    expect(() => xmllint(xml)).not.toThrow();
    expect(xml).toContain('<Nazwa>Firma "A&amp;B" &lt;Żółć&gt; \'Test\' sp. j.</Nazwa>');
    expect(xml).not.toContain('\u0001');
    expect(xml).not.toContain('\u000B');
    expect(text(parseXml(xml), 'Podmiot2/DaneIdentyfikacyjne/Nazwa')).toBe(
      'Firma "A&B" <Żółć> \'Test\' sp. j.',
    );
  });

  it('names a private buyer without NIP by BrakID and leaves out an address it does not have', () => {
    const input = sale();
    input.invoice.buyer = {
      kind: 'private',
      name: 'Jan Kowalski',
      nip: null,
      street: '',
      postcode: '',
      city: '',
      country: 'PL',
    };
    const xml = fa3Xml(input);
    expect(() => xmllint(xml)).not.toThrow();
    const buyer = at(parseXml(xml), 'Podmiot2');
    expect(buyer.children.map((c) => c.name)).toEqual(['DaneIdentyfikacyjne', 'JST', 'GV']);
    expect(at(buyer, 'DaneIdentyfikacyjne').children.map((c) => [c.name, c.text])).toEqual([
      ['BrakID', '1'],
      ['Nazwa', 'Jan Kowalski'],
    ]);
  });

  it('is the same document every time it is written', () => {
    expect(fa3Xml(sale())).toBe(fa3Xml(sale()));
  });
});

describe('FA(3) XML of a correction', () => {
  const original = sale().invoice;
  const correction = () =>
    invoiceOf([lineOf('Zwrot: Plan PRO – 3 miesiące', 1, -5_000)], {
      id: 2,
      kind: 'correction',
      series: 'FK',
      period: '2026-12',
      seq: 1,
      number: 'FK/2026/12/0001',
      correctsId: original.id,
      reason: 'Zwrot części płatności <na prośbę> klienta & co.',
      issuedAt: new Date('2026-12-03T10:00:00Z'),
      paidAt: new Date('2026-12-03T10:00:00Z'),
    });

  it('is a KOR with the reason and the corrected invoice’s date and number, issued outside KSeF', () => {
    const xml = fa3Xml({ ...correction(), corrected: original });
    expect(() => xmllint(xml)).not.toThrow();
    const fa = at(parseXml(xml), 'Fa');
    expect(fa.children.map((c) => c.name)).toEqual([
      'KodWaluty',
      'P_1',
      'P_2',
      'P_6',
      'P_13_1',
      'P_14_1',
      'P_15',
      'Adnotacje',
      'RodzajFaktury',
      'PrzyczynaKorekty',
      'TypKorekty',
      'DaneFaKorygowanej',
      'FaWiersz',
      'Platnosc',
    ]);
    expect(text(fa, 'RodzajFaktury')).toBe('KOR');
    expect(text(fa, 'PrzyczynaKorekty')).toBe('Zwrot części płatności <na prośbę> klienta & co.');
    expect(at(fa, 'DaneFaKorygowanej').children.map((c) => [c.name, c.text])).toEqual([
      ['DataWystFaKorygowanej', '2026-11-01'],
      ['NrFaKorygowanej', 'FV/2026/11/0007'],
      ['NrKSeFN', '1'],
    ]);
    // The difference, negative, adding up like an invoice's amounts.
    const net = grosze(text(fa, 'P_13_1'));
    expect(grosze(text(fa, 'FaWiersz/P_11'))).toBe(net);
    expect(net + grosze(text(fa, 'P_14_1'))).toBe(grosze(text(fa, 'P_15')));
    expect(text(fa, 'P_15')).toBe('-50.00');
  });

  it('names the corrected invoice by its KSeF number once it has one', () => {
    const fa = at(
      parseXml(
        fa3Xml({
          ...correction(),
          corrected: { ...original, ksefReference: '5252248481-20261101-ABCDEF-01' },
        }),
      ),
      'Fa',
    );
    expect(at(fa, 'DaneFaKorygowanej').children.map((c) => c.name)).toEqual([
      'DataWystFaKorygowanej',
      'NrFaKorygowanej',
      'NrKSeF',
      'NrKSeFFaKorygowanej',
    ]);
  });

  it('refuses a correction without the invoice it corrects', () => {
    expect(() => fa3Xml(correction())).toThrow(/without the invoice it corrects/);
  });
});

describe('amounts, file names and the XML writer', () => {
  it('writes grosze as PLN with a dot and two decimals', () => {
    expect([0, 5, 100, 14_900, -1_234, -5].map(plnAmount)).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '149.00',
      '-12.34',
      '-0.05',
    ]);
    expect(() => plnAmount(1.5)).toThrow();
  });

  it('names a file by the invoice number without slashes', () => {
    expect(fa3FileName('FV/2026/11/0007')).toBe('FV-2026-11-0007.xml');
    expect(fa3FileName('../../etc')).toBe('..-..-etc.xml');
  });

  it('escapes attributes and refuses names that are not XML names', () => {
    const xml = renderXml(el('a', [el('b', 'x', { c: '"<&>\n' })]));
    expect(() => xmllint(xml)).not.toThrow();
    expect(xml).toContain('<b c="&quot;&lt;&amp;&gt;&#xA;">x</b>');
    expect(() => el('a b', 'x')).toThrow(/not an XML name/);
    expect(() => el('a', 'x', { 'c="1" d': 'x' })).toThrow(/not an XML name/);
  });
});
