import { getTranslations } from 'next-intl/server';
import { ChevronRight } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { UnreadBadge } from '@/components/ui/unread-badge';
import type { ConversationSummary } from '@/lib/schemas/messages';

/**
 * Spec §2 /messages: one link per conversation, newest first. An unread one is marked by a dot and a
 * word as well as its weight and colour, so that the marker does not rest on colour alone.
 */
export async function ConversationList({ conversations }: { conversations: ConversationSummary[] }) {
  const t = await getTranslations('messages_page');
  if (conversations.length === 0) {
    return <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">{t('empty')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {conversations.map((c) => (
        <li key={c.id}>
          <Link
            href={`/messages/${c.id}`}
            className={`flex items-center gap-3 px-4 py-4 hover:bg-slate-50 sm:px-6 ${c.read ? '' : 'bg-brand-50'}`}
          >
            <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
              <span className={`min-w-0 break-words ${c.read ? 'font-medium' : 'font-bold text-slate-900'}`}>
                {c.name}
              </span>
              {!c.read && <UnreadBadge>{t('unread')}</UnreadBadge>}
              <time dateTime={c.last_message_at} className="text-sm text-slate-600 sm:ml-auto">
                {c.date}
              </time>
            </span>
            <ChevronRight aria-hidden size={18} className="shrink-0 text-slate-500" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
