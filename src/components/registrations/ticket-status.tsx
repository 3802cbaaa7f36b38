import { getTranslations } from 'next-intl/server';
import type { Ticket } from '@/server/registrations/tickets';

const tone: Record<Ticket['status'], string> = {
  confirmed: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  waiting: 'bg-amber-100 text-amber-900',
  offered: 'bg-brand-100 text-brand-900',
  cancelled: 'bg-slate-200 text-slate-800',
  declined: 'bg-slate-200 text-slate-800',
  expired: 'bg-slate-200 text-slate-800',
};

/** A registration's status as a label. */
export async function TicketStatus({ status }: { status: Ticket['status'] }) {
  const t = await getTranslations('registrations.status');
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${tone[status]}`}>
      {t(status)}
    </span>
  );
}
