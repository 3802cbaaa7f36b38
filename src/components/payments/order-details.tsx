import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { formatDate, formatPrice } from '@/lib/format';
import type { OrderResource, OrderStatus } from '@/lib/schemas/orders';

/** An order's amount (PLN in the API) as the pages show prices. */
export const orderAmount = (order: OrderResource) => formatPrice(Math.round(order.amount * 100));

/** What the order buys, in one line: the plan and months, the pack, the promoted event, the ad. */
export async function orderWhat(order: OrderResource): Promise<string> {
  const t = await getTranslations('orders');
  switch (order.kind) {
    case 'premium':
      return order.plan
        ? t('what.premium', { plan: order.plan.name, months: order.months ?? 1 })
        : t('kind.premium');
    case 'events':
      return order.events_count === null ? t('kind.events') : t('what.events', { count: order.events_count });
    case 'promotion':
      return order.event
        ? t('what.promotion', { event: order.event.name, days: order.days ?? 0 })
        : t('what.promotion_gone', { days: order.days ?? 0 });
    case 'home_ad':
      return order.ad_name
        ? t('what.home_ad', { name: order.ad_name, weeks: order.weeks ?? 1 })
        : t('kind.home_ad');
  }
}

const badgeLook: Record<OrderStatus, string> = {
  paid: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-100 text-slate-700',
  failed: 'bg-red-100 text-red-800',
};

/** The order's status as a coloured badge with its name in words. */
export async function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = await getTranslations('orders');
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${badgeLook[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/** What a paid order granted, one line each: the plan's end and added events, the promotion, the ad. */
export async function OrderGrants({ order, className }: { order: OrderResource; className?: string }) {
  if (order.status !== 'paid') return null;
  const t = await getTranslations('orders');
  const until = order.granted_until ? formatDate(order.granted_until) : null;
  const plan = order.kind === 'premium' && order.plan && until ? order.plan.name : null;
  const added = order.kind === 'premium' || order.kind === 'events' ? order.events_added : null;
  const promoted =
    order.kind === 'promotion' && order.granted_from && until
      ? { from: formatDate(order.granted_from), until }
      : null;
  const ad = order.kind === 'home_ad' && until ? order.ad_name : null;
  if (!plan && !added && !promoted && !ad) return null;
  return (
    <ul className={className}>
      {plan && <li>{t('granted.plan', { plan, date: until ?? '' })}</li>}
      {added ? <li>{t('granted.events', { count: added })}</li> : null}
      {promoted && (
        <li>
          {order.event ? (
            <Link href={`/event/${order.event.id}`} className="font-semibold text-brand-700 underline">
              {t('granted.promotion', { event: order.event.name, ...promoted })}
            </Link>
          ) : (
            t('granted.promotion_gone', promoted)
          )}
        </li>
      )}
      {ad && (
        <li>
          {t('granted.home_ad', {
            name: ad,
            from: order.granted_from ? formatDate(order.granted_from) : '',
            date: until ?? '',
          })}
        </li>
      )}
    </ul>
  );
}
