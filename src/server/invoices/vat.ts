// Prices in the portal are gross (spec §9). An invoice states them as net + VAT: the VAT of a line is
// taken out of its gross amount ("od brutto", art. 106e ust. 7 VAT Act), rounded to the grosz, and the
// net is what is left, so net + VAT is always exactly what was paid.

/** The one VAT rate of everything the portal sells (advertising and online services). */
export const vatRate = 23;

/** Net and VAT of a gross amount in grosze. Negative amounts (corrections) split the same way. */
export function splitGross(gross: number, rate = vatRate): { net: number; vat: number } {
  const vat = Math.sign(gross) * Math.round((Math.abs(gross) * rate) / (100 + rate));
  return { net: gross - vat, vat };
}

export interface LineAmounts {
  name: string;
  quantity: number;
  unitNet: number;
  vatRate: number;
  net: number;
  vat: number;
  gross: number;
}

/** A line of `quantity` units at a gross unit price, split into net and VAT on the line's total. */
export function lineOf(name: string, quantity: number, unitGross: number, rate = vatRate): LineAmounts {
  const gross = unitGross * quantity;
  const { net, vat } = splitGross(gross, rate);
  return { name, quantity, unitNet: Math.round(net / quantity), vatRate: rate, net, vat, gross };
}

/** Totals per VAT rate and overall, as the invoice's summary shows them. */
export function totalsOf(lines: LineAmounts[]) {
  const byRate = new Map<number, { net: number; vat: number; gross: number }>();
  for (const line of lines) {
    const t = byRate.get(line.vatRate) ?? { net: 0, vat: 0, gross: 0 };
    byRate.set(line.vatRate, { net: t.net + line.net, vat: t.vat + line.vat, gross: t.gross + line.gross });
  }
  const sum = (key: 'net' | 'vat' | 'gross') => lines.reduce((total, line) => total + line[key], 0);
  return { byRate, net: sum('net'), vat: sum('vat'), gross: sum('gross') };
}
