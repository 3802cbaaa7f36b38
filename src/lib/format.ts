// Formatting shared by pages and server: Europe/Warsaw dates, prices from grosze.

import { warsawParts } from './warsaw-time';

/** DD.MM.YYYY */
export function formatDate(date: Date | string): string {
  const p = warsawParts(date);
  return `${p.day}.${p.month}.${p.year}`;
}

/** DD.MM.YYYY HH:mm */
export function formatDateTime(date: Date | string): string {
  const p = warsawParts(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** DD/MM/YYYY HH:mm, as the conversation list shows it. */
export function formatMessageDate(date: Date | string): string {
  const p = warsawParts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** 1250 grosze -> "12,50 zł" (non-breaking space before the currency, as Polish typography wants). */
export function formatPrice(grosze: number): string {
  const zl = Math.floor(Math.abs(grosze) / 100);
  const gr = Math.abs(grosze) % 100;
  const whole = zl.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${grosze < 0 ? '-' : ''}${whole},${gr.toString().padStart(2, '0')}\u00a0zł`;
}

/** Grosze to PLN as a number for the API (4999 -> 49.99); null (a price not given) stays null. */
export function toPln(grosze: number): number;
export function toPln(grosze: number | null): number | null;
export function toPln(grosze: number | null): number | null {
  return grosze === null ? null : Math.round(grosze) / 100;
}
