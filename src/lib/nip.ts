// Polish tax numbers (NIP): ten digits, the last a checksum of the first nine with the weights below
// (mod 11; a remainder of 10 is never issued). Written as 123-456-78-90, 1234567890 or PL1234567890.

const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The ten digits of a NIP as written by people (spaces, dashes, a PL prefix), or null when it is none. */
export function normalizeNip(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
  if (!/^\d{10}$/.test(digits)) return null;
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]) ? digits : null;
}

/** 1234567890 → 123-456-78-90, as Polish invoices print it. */
export function formatNip(nip: string): string {
  return `${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}`;
}
