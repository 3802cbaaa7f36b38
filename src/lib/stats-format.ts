import type { Locale } from './locale';

// Issue 28: figures of the promotion report as the page and the mail write them ("2,5%", "42,5").

const percent = {
  pl: new Intl.NumberFormat('pl-PL', { style: 'percent', maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 }),
};
const figure = {
  pl: new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }),
};

/** A share (0.025) as a percentage ("2,5%" / "2.5%"). */
export function formatShare(share: number, locale: Locale): string {
  return percent[locale].format(share);
}

/** A count or a daily average, at most one decimal ("1 234", "42,5"). */
export function formatFigure(value: number, locale: Locale): string {
  return figure[locale].format(value);
}

/** The page of the promotion reports (an admin adds `?company=`), linked from the orders and the mail. */
export const promotionReportsPath = '/account/stats/promotions';
