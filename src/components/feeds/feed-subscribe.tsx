import { getLocale, getTranslations } from 'next-intl/server';
import { ChevronDown } from '@/components/ui/icons';
import { getConfig } from '@/config';
import { type FeedFilters, feedMaxItems } from '@/lib/feeds/feed-query';
import { feedLinks, feedTypes } from '@/lib/feeds/feed-urls';
import type { Locale } from '@/lib/locale';

const linkClass = 'text-brand-700 underline underline-offset-2 hover:decoration-2';

/**
 * Issue 17: plain links to the feeds of `filters` (a search, a place, a company), in the page's
 * language; no script, so the page's JavaScript stays as it was.
 */
export async function FeedSubscribe({
  filters,
  subject,
  className = '',
  folded = false,
}: {
  filters: FeedFilters;
  subject: 'search' | 'place' | 'company';
  className?: string;
  /**
   * Issue 30: behind one "Subskrybuj" disclosure (a native <details>, keyboard usable without script),
   * where the links would push the first result off a phone's first screen. Open on a phone, the links
   * push the page down rather than lie over it: a native <details> does not close on a tap elsewhere, so
   * an overlay would hide the filters button until the user found the summary again.
   */
  folded?: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations('feeds'), getLocale()]);
  const links = feedLinks(getConfig().publicUrl, filters, locale as Locale);
  const label = t(`subscribe_${subject}`);
  const items = [
    { href: links.webcal, type: feedTypes.ics, text: t('webcal'), feed: 'webcal' },
    { href: links.ics, type: feedTypes.ics, text: t('ics'), feed: 'ics' },
    { href: links.rss, type: feedTypes.rss, text: t('rss'), feed: 'rss' },
    { href: links.json, type: feedTypes.json, text: t('json'), feed: 'json' },
  ];
  const entries = items.map((item) => (
    <li key={item.feed}>
      <a href={item.href} type={item.type} data-feed={item.feed} className={linkClass}>
        {item.text}
      </a>
    </li>
  ));
  if (folded) {
    return (
      <details className={`group relative ${className}`}>
        <summary className="flex h-10 cursor-pointer list-none items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          {t('subscribe')}
          <ChevronDown aria-hidden size={16} className="transition group-open:rotate-180" />
        </summary>
        <nav
          aria-label={label}
          className="mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-lg sm:absolute sm:right-0 sm:z-20"
        >
          <p className="font-medium">{label}</p>
          <ul className="mt-2 flex flex-col gap-2">{entries}</ul>
          <p className="mt-2 text-xs text-slate-600">{t('limit_note', { max: feedMaxItems })}</p>
        </nav>
      </details>
    );
  }
  return (
    <nav aria-label={label} className={`text-sm text-slate-700 ${className}`}>
      <span className="font-medium">{label}:</span>{' '}
      <ul className="inline-flex flex-wrap gap-x-3 gap-y-1">{entries}</ul>{' '}
      <span className="text-xs text-slate-500">{t('limit_note', { max: feedMaxItems })}</span>
    </nav>
  );
}
