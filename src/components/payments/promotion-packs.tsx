import { getTranslations } from 'next-intl/server';
import { apiUrl } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import type { PaymentSettings } from '@/lib/schemas/catalogue-responses';
import { CheckoutButton } from './checkout-button';

/** The promotion packs (spec §9) with a button buying each for event `eventId`. */
export async function PromotionPacks({
  eventId,
  eventName,
  packs,
}: {
  eventId: number;
  /** Named in each button's accessible name where several events' packs share a page. */
  eventName?: string;
  packs: PaymentSettings['price_packs'];
}) {
  const t = await getTranslations('orders');
  if (packs.length === 0) return <p className="text-slate-700">{t('promote.empty')}</p>;
  return (
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
            path={apiUrl('/api/payu/buy_price_pack/{id}/{event_id}', {
              params: { id: pack.id, event_id: eventId },
            })}
            label={
              eventName
                ? t('buy_named_for', { name: pack.name, event: eventName })
                : t('buy_named', { name: pack.name })
            }
          >
            {t('buy')}
          </CheckoutButton>
        </li>
      ))}
    </ul>
  );
}
