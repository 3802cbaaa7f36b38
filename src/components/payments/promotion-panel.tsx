import { getTranslations } from 'next-intl/server';
import { Megaphone } from '@/components/ui/icons';
import { formatDate, formatPrice } from '@/lib/format';
import type { PaymentSettings } from '@/lib/schemas/catalogue-responses';
import { CheckoutButton } from './checkout-button';

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
      {packs.length === 0 ? (
        <p className="text-slate-700">{t('promote.empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {packs.map((pack) => (
            <li
              key={pack.id}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">{pack.name}</p>
                <p className="text-sm text-slate-600">{t('promote.days', { days: pack.days })}</p>
                <p className="text-lg font-bold whitespace-nowrap text-brand-700">
                  {formatPrice(Math.round(pack.price * 100))}
                </p>
              </div>
              <CheckoutButton
                path={`/api/payu/buy_price_pack/${pack.id}/${eventId}`}
                label={t('buy_named', { name: pack.name })}
              >
                {t('buy')}
              </CheckoutButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
