import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { eventImageUrls, eventJsonLd } from '@/components/event-page/event-json-ld';
import { EventView } from '@/components/event-page/event-view';
import { getConfig } from '@/config';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { descriptionText } from '@/lib/sanitize-html';
import { getEventDetail } from '@/server/events/get-event';
import { countPageVisit } from '@/server/visits/record-visit';
import { orNull } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';
import { pageVisitor } from '@/web/page-visitor';

type Props = { params: Promise<{ id: string }> };

const listUrl = '/list#event_type';

// generateMetadata and the page read the same event once per request; null means "no such event".
const loadEvent = cache(async (rawId: string, locale: Locale, viewerId: number | null) => {
  // Digits only, as the API reads ids: /event/0x1 or /event/1e0 is no address of an event.
  if (!/^[1-9]\d{0,8}$/.test(rawId)) return null;
  return orNull(getEventDetail({ id: Number(rawId), locale, viewerId }));
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, locale, user] = await Promise.all([params, getLocale(), getPageUser()]);
  const event = await loadEvent(id, locale as Locale, user?.id ?? null);
  if (!event) return {};
  const t = await getTranslations('event_page');
  const description =
    (event.description && descriptionText(event.description)) ||
    t('meta_fallback', {
      name: event.name,
      date: formatDate(event.start_date),
      place: event.place_name,
      city: event.city,
    });
  const url = `${getConfig().publicUrl}/event/${event.id}`;
  return {
    title: event.name,
    description,
    alternates: { canonical: url },
    openGraph: { title: event.name, description, type: 'website', url, images: eventImageUrls(event) },
  };
}

/** Spec §2 /event/{id}: the event page; an unknown event sends the visitor to the events list. */
export default async function EventPage({ params }: Props) {
  await connection();
  const [{ id }, locale, user] = await Promise.all([params, getLocale(), getPageUser()]);
  const event = await loadEvent(id, locale as Locale, user?.id ?? null);
  if (!event) redirect(listUrl);

  try {
    const visitor = await pageVisitor();
    if (visitor)
      await countPageVisit({ subject: 'event', id: event.id, userId: user?.id ?? null, ...visitor });
  } catch (error) {
    // Popularity is a nice-to-have; the page must not fail because a counter could not move.
    console.error('countPageVisit failed for event', event.id, error);
  }
  const { publicUrl, map } = getConfig();
  const pageUrl = `${publicUrl}/event/${event.id}`;
  const jsonLd = eventJsonLd({ event, pageUrl, placeUrl: `${publicUrl}/places/${event.place.id}` });

  return (
    <>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD with "<" escaped, so it cannot close the script
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
      <EventView
        event={event}
        viewer={user ? { id: user.id, role: user.role } : null}
        pageUrl={pageUrl}
        tileUrl={map.tileUrl}
        attribution={map.attribution}
      />
    </>
  );
}
