import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { Invoice, InvoiceLine } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { formatDate, formatPrice } from '@/lib/format';
import { formatNip } from '@/lib/nip';
import { totalsOf } from './vat';

// Issue 27: the invoice as a PDF, drawn from its stored rows only (numbers and amounts never change
// after issue). One A4 page with bilingual labels ("Sprzedawca / Seller"): the Polish text is the legal
// one and the English sits beside it, so there is one document, one set of amounts and no second copy
// that could disagree with the first.

/** What the PDF shows: the invoice, its lines, the invoice a correction corrects, and the demo mark. */
export interface InvoiceDocument {
  invoice: Invoice;
  lines: InvoiceLine[];
  /** Set on a correction: the number and issue time of the invoice it corrects. */
  corrected: { number: string; issuedAt: Date } | null;
  /** Issued by the demo seller (no SELLER_* configured): printed as not a valid tax document. */
  demo: boolean;
}

// DejaVu Sans covers every Polish letter and ships as TTF in an npm package (a dependency, so at the top of
// node_modules), embedded as a subset into each PDF; nothing is fetched at run time. Found from the project's
// folder like the app's other files, since this module also runs inside the Next.js bundle; read once.
const fontDir = path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: fs.readFileSync(path.join(fontDir, 'DejaVuSans.ttf')),
    bold: fs.readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  });

const margin = 40;
const pageWidth = 595.28; // A4 in points
const contentWidth = pageWidth - 2 * margin;
const ink = '#111827';
const muted = '#4b5563';
const rule = '#9ca3af';

/** "Sprzedawca / Seller": the Polish label, then the English one (once when they are the same). */
function both(key: string, params: Record<string, string | number> = {}): string {
  const pl = translate('pl', `invoice_pdf.${key}`, params);
  const en = translate('en', `invoice_pdf.${key}`, params);
  return pl === en ? pl : `${pl} / ${en}`;
}

/** 123456 grosze → "1 234,56": the table's header names the currency once. */
const amount = (grosze: number) => formatPrice(grosze).replace(/\u00a0zł$/, '');
const money = (grosze: number, currency: string) => `${amount(grosze)} ${currency}`;

// The lines' columns: width and alignment; the name takes what the others leave.
const columns = [
  { key: 'col_position', width: 24, align: 'left' },
  { key: 'col_name', width: 0, align: 'left' },
  { key: 'col_quantity', width: 38, align: 'right' },
  { key: 'col_unit_net', width: 62, align: 'right' },
  { key: 'col_net', width: 64, align: 'right' },
  { key: 'col_rate', width: 40, align: 'right' },
  { key: 'col_vat', width: 60, align: 'right' },
  { key: 'col_gross', width: 66, align: 'right' },
] as const;
const nameWidth = contentWidth - columns.reduce((sum, c) => sum + c.width, 0);
const widthOf = (c: (typeof columns)[number]) => c.width || nameWidth;
const cellGap = 4;

type Doc = PDFKit.PDFDocument;

/** PL61109010140000071219812874 → PL61 1090 1014 0000 0712 1981 2874, as banks print account numbers. */
const groupAccount = (account: string) =>
  account.replace(/^(PL)?(\d{2})/, '$1$2 ').replace(/(\d{4})(?=\d)/g, '$1 ');

/** A row of cells from x = margin; answers the y below its tallest cell. */
function row(doc: Doc, y: number, cells: string[], { bold = false, size = 8 } = {}): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(size);
  let x = margin;
  let bottom = y;
  columns.forEach((column, i) => {
    const width = widthOf(column) - cellGap;
    const text = cells[i] ?? '';
    doc.text(text, x, y, { width, align: column.align });
    bottom = Math.max(bottom, y + doc.heightOfString(text, { width }));
    x += widthOf(column);
  });
  return bottom;
}

function line(doc: Doc, y: number) {
  doc
    .moveTo(margin, y)
    .lineTo(pageWidth - margin, y)
    .lineWidth(0.5)
    .strokeColor(rule)
    .stroke();
}

/** A new page when less than `needed` points are left above the bottom margin; answers where to go on. */
function roomFor(doc: Doc, y: number, needed: number): number {
  if (y + needed <= doc.page.height - margin) return y;
  doc.addPage();
  return margin;
}

/** A party's block (seller or buyer) at x, `width` wide: its label, then only the lines it has. */
function party(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  label: string,
  who: Invoice['seller'] | Invoice['buyer'],
): number {
  doc.font('bold').fontSize(9).fillColor(muted).text(label, x, y, { width });
  doc.font('bold').fontSize(10).fillColor(ink).text(who.name, { width });
  doc.font('regular').fontSize(9);
  const place = [who.postcode, who.city].filter(Boolean).join(' ');
  const lines = [
    who.nip ? `${both('nip')}: ${formatNip(who.nip)}` : null,
    who.street || null,
    place || null,
    who.country && who.country !== 'PL' ? who.country : null,
    'bankAccount' in who && who.bankAccount
      ? `${both('bank_account')}: ${groupAccount(who.bankAccount)}`
      : null,
  ];
  for (const text of lines) if (text) doc.text(text, { width });
  return doc.y;
}

function header(doc: Doc, { invoice, corrected, demo }: InvoiceDocument): number {
  const title = invoice.kind === 'correction' ? 'title_correction' : 'title_invoice';
  doc.font('bold').fontSize(16).fillColor(ink).text(both(title), margin, margin);
  doc
    .font('bold')
    .fontSize(12)
    .text(`${both('number')}: ${invoice.number}`);
  doc.moveDown(0.4).font('regular').fontSize(9);
  doc.text(`${both('issue_date')}: ${formatDate(invoice.issuedAt)}`);
  doc.text(`${both('sale_date')}: ${formatDate(invoice.saleDate)}`);
  if (corrected) {
    doc.text(`${both('corrects')}: ${corrected.number} (${formatDate(corrected.issuedAt)})`);
  }
  if (invoice.reason) doc.text(`${both('reason')}: ${invoice.reason}`, { width: contentWidth });
  if (demo) {
    doc.moveDown(0.4).font('bold').fillColor('#b91c1c').text(both('demo'), { width: contentWidth });
    doc.fillColor(ink);
  }
  return doc.y + 14;
}

function lineTable(doc: Doc, top: number, { invoice, lines }: InvoiceDocument): number {
  doc.fillColor(muted);
  let y = row(
    doc,
    top,
    columns.map((c) => both(c.key, { currency: invoice.currency })),
    { bold: true, size: 7 },
  );
  line(doc, y + 3);
  y += 7;
  doc.fillColor(ink);
  for (const item of lines) {
    // An order has a line or two; a longer list goes on over pages rather than off the bottom.
    y = roomFor(doc, y, 40);
    y = row(doc, y, [
      String(item.position),
      item.name,
      String(item.quantity),
      amount(item.unitNet),
      amount(item.net),
      `${item.vatRate}%`,
      amount(item.vat),
      amount(item.gross),
    ]);
    y += 5;
  }
  line(doc, y - 2);
  return y + 6;
}

function summary(doc: Doc, start: number, { invoice, lines }: InvoiceDocument): number {
  const totals = totalsOf(lines);
  // The summary and the payment block below it stay together.
  const top = roomFor(doc, start, 160);
  doc.font('bold').fontSize(9).fillColor(ink).text(both('totals_by_rate'), margin, top);
  let y = doc.y + 4;
  for (const [rate, t] of [...totals.byRate].sort(([a], [b]) => b - a)) {
    y = row(doc, y, [
      '',
      `${both('rate')} ${rate}%`,
      '',
      '',
      amount(t.net),
      `${rate}%`,
      amount(t.vat),
      amount(t.gross),
    ]);
    y += 3;
  }
  line(doc, y);
  y = row(
    doc,
    y + 4,
    ['', both('total'), '', '', amount(invoice.net), '', amount(invoice.vat), amount(invoice.gross)],
    { bold: true },
  );
  return y + 16;
}

function payment(doc: Doc, top: number, { invoice }: InvoiceDocument) {
  const refund = invoice.gross < 0;
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(ink)
    .text(
      `${both(refund ? 'amount_refunded' : 'amount_paid')}: ${money(Math.abs(invoice.gross), invoice.currency)}`,
      margin,
      top,
    );
  doc.moveDown(0.3).font('regular').fontSize(9);
  const method = invoice.paymentMethod === 'test' ? both('method_test') : invoice.paymentMethod;
  doc.text(`${both('payment_method')}: ${method}`);
  const status = invoice.paidAt
    ? both(refund ? 'status_refunded' : 'status_paid', { date: formatDate(invoice.paidAt) })
    : both('status_unpaid');
  doc.text(`${both('payment_status')}: ${status}`);
}

// pdfkit takes about a second to load: it is loaded by the first invoice, not by every process that starts.
const loadPdfkit = () => import('pdfkit');
let pdfkit: ReturnType<typeof loadPdfkit> | undefined;

/** The invoice or correcting invoice as a one-page A4 PDF. */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const { invoice } = document;
  const { regular, bold } = loadFonts();
  pdfkit ??= loadPdfkit();
  const { default: PDFDocument } = await pdfkit;
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    // Also keeps pdfkit from loading its built-in Helvetica, which has no Polish letters.
    font: regular as unknown as string,
    lang: 'pl-PL',
    displayTitle: true,
    info: {
      Title: `${both(invoice.kind === 'correction' ? 'title_correction' : 'title_invoice')} ${invoice.number}`,
      Author: invoice.seller.name,
      // The issue time, not the rendering time: the document reads the same whenever it is fetched.
      CreationDate: invoice.issuedAt,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = header(doc, document);
  const half = (contentWidth - 20) / 2;
  const below = Math.max(
    party(doc, margin, y, half, both('seller'), invoice.seller),
    party(doc, margin + half + 20, y, half, both('buyer'), invoice.buyer),
  );
  y = lineTable(doc, below + 18, document);
  y = summary(doc, y, document);
  payment(doc, y, document);
  doc.end();
  return done;
}

/** The file name a download or an attachment gets: FV/2026/11/0001 → FV-2026-11-0001.pdf. */
export const invoiceFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
