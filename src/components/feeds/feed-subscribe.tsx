import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locale';
import { type FeedFilters, feedMaxItems } from '@/server/feeds/feed-query';
import { feedLinks, feedTypes } from '@/server/feeds/feed-urls';

const linkClass = 'text-brand-700 underline underline-offset-2 hover:decoration-2';

/**
 * Issue 17: plain links to the feeds of `filters` (a search, a place, a company), in the page's
 * language; no script, so the page's JavaScript stays as it was.
 */
export async function FeedSubscribe({
  filters,
  subject,
  className = '',
}: {
  filters: FeedFilters;
  subject: 'search' | 'place' | 'company';
  className?: string;
}) {
  const [t, locale] = await Promise.all([getTranslations('feeds'), getLocale()]);
  const links = feedLinks(filters, locale as Locale);
  const label = t(`subscribe_${subject}`);
  const items = [
    { href: links.webcal, type: feedTypes.ics, text: t('webcal'), feed: 'webcal' },
    { href: links.ics, type: feedTypes.ics, text: t('ics'), feed: 'ics' },
    { href: links.rss, type: feedTypes.rss, text: t('rss'), feed: 'rss' },
    { href: links.json, type: feedTypes.json, text: t('json'), feed: 'json' },
  ];
  return (
    <nav aria-label={label} className={`text-sm text-slate-700 ${className}`}>
      <span className="font-medium">{label}:</span>{' '}
      <ul className="inline-flex flex-wrap gap-x-3 gap-y-1">
        {items.map((item) => (
          <li key={item.feed}>
            <a href={item.href} type={item.type} data-feed={item.feed} className={linkClass}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>{' '}
      <span className="text-xs text-slate-500">{t('limit_note', { max: feedMaxItems })}</span>
    </nav>
  );
}
