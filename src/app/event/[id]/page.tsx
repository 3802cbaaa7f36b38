import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { JsonLd, pageViewer } from '@/components/detail/detail-parts';
import { eventJsonLd, galleryOrder } from '@/components/event-page/event-json-ld';
import { EventView } from '@/components/event-page/event-view';
import { PromotionPanel } from '@/components/payments/promotion-panel';
import { getConfig } from '@/config';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { getEventDetail } from '@/server/events/get-event';
import { getPromotionOffer } from '@/server/payments/buy';
import { getPaymentSettings } from '@/server/plans/list-plans';
import { panelState, registrationState } from '@/server/registrations/tickets';
import { eventOgSource } from '@/server/seo/og-source';
import { countVisit, detailLoader, detailMetadata } from '@/web/detail-page';
import { redirectTo } from '@/web/locale-redirect';
import { servedUrl } from '@/web/seo-metadata';

type Props = { params: Promise<{ id: string }> };

const listUrl = '/list#event_type';

const loadEvent = detailLoader(getEventDetail);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { record: event } = await loadEvent(params);
  if (!event) return {};
  const t = await getTranslations('event_page');
  return detailMetadata({
    title: event.name,
    html: event.description,
    fallback: t('meta_fallback', {
      name: event.name,
      date: formatDate(event.start_date),
      place: event.place_name,
      city: event.city,
    }),
    path: `/event/${event.id}`,
    og: eventOgSource({ ...event, image: event.banner?.url ?? galleryOrder(event.images)[0]?.url ?? null }),
  });
}

/** Spec §2 /event/{id}: the event page; an unknown event sends the visitor to the events list. */
export default async function EventPage({ params }: Props) {
  await connection();
  const { record: event, user } = await loadEvent(params);
  if (!event) return redirectTo(listUrl);

  // The promotion offer is null unless the viewer owns the event (such a page is never shared).
  const [, promotion, registration] = await Promise.all([
    countVisit('event', event.id, user?.id ?? null, event.user_id),
    getPromotionOffer(user, event.id),
    registrationState({ eventId: event.id, viewerId: user?.role === 'user' ? user.id : null }),
  ]);
  const promotionPacks = promotion
    ? (await getPaymentSettings({ locale: (await getLocale()) as Locale })).price_packs
    : [];
  const pageUrl = await servedUrl(`/event/${event.id}`);
  const jsonLd = eventJsonLd({
    event,
    pageUrl,
    placeUrl: await servedUrl(`/places/${event.place.id}`),
    registration,
  });

  return (
    <>
      <JsonLd data={jsonLd} />
      <EventView
        event={event}
        viewer={pageViewer(user)}
        pageUrl={pageUrl}
        map={getConfig().map}
        registration={registration && panelState(registration)}
        ownerPanel={
          promotion && (
            <PromotionPanel
              eventId={event.id}
              promotedUntil={promotion.promotedUntil}
              packs={promotionPacks}
            />
          )
        }
      />
    </>
  );
}
