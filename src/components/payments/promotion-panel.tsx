import { getTranslations } from 'next-intl/server';
import { Megaphone } from '@/components/ui/icons';
import { formatDate } from '@/lib/format';
import type { PaymentSettings } from '@/lib/schemas/catalogue-responses';
import { PromotionPacks } from './promotion-packs';

/**
 * The owner's offer on their own event's page (spec §9 price packs): how long the event is promoted
 * already, and a pack to buy; a new pack starts where the running promotion ends.
 */
export async function PromotionPanel({
  eventId,
  promotedUntil,
  packs,
}: {
  eventId: number;
  promotedUntil: string | null;
  packs: PaymentSettings['price_packs'];
}) {
  const t = await getTranslations('orders');
  return (
    <section
      aria-labelledby="promote-title"
      className="grid gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-5 shadow-sm sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="promote-title" className="flex items-center gap-2 text-xl font-bold">
          <Megaphone aria-hidden size={22} className="shrink-0 text-brand-700" />
          {t('promote.title')}
        </h2>
        <p className="text-slate-700">{t('promote.text')}</p>
        {promotedUntil && (
          <p className="font-semibold text-brand-700">
            {t('promote.until', { date: formatDate(promotedUntil) })}
          </p>
        )}
      </div>
      <PromotionPacks eventId={eventId} packs={packs} />
    </section>
  );
}
