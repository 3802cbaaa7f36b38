'use client';

import { useTranslations } from 'next-intl';
import { useLiveCounts } from '@/components/hooks/use-live-counts';
import { MessageSquare } from '@/components/ui/icons';
import { IconLink } from './icon-link';

/** The top bar's messages icon; its unread count follows the live stream once the page is open. */
export function MessagesLink({ unread }: { unread: number }) {
  const t = useTranslations('nav');
  const count = useLiveCounts()?.messages ?? unread;
  return (
    <IconLink href="/messages" label={t('messages_count', { count })} badge={count}>
      <MessageSquare aria-hidden size={20} />
    </IconLink>
  );
}
