'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button, buttonClass } from '@/components/ui/button';
import { CalendarSync } from '@/components/ui/icons';
import { toast } from '@/components/ui/toasts';
import type { CalendarFeedUrls } from '@/lib/schemas/calendar-feed';

/**
 * The private calendar feed on /calendar: its webcal:// address to subscribe to in Google, Apple or
 * Outlook calendars, the same as a plain link, and a button that creates it or replaces it.
 */
export function CalendarFeed({ initial }: { initial: CalendarFeedUrls | null }) {
  const t = useTranslations('calendar.feed');
  const api = useApi();
  const [urls, setUrls] = useState(initial);
  const [pending, setPending] = useState(false);

  async function reset() {
    if (pending) return;
    setPending(true);
    try {
      const res = await api('/api/calendar/feed/reset', {
        method: 'POST',
        overlay: true,
      });
      toast.success(urls ? t('reset_done') : t('created'));
      setUrls(res.data);
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="calendar-feed-heading"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="calendar-feed-heading" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('text')}</p>
      {urls && (
        <div className="mt-4 space-y-2">
          <a href={urls.webcal} className={buttonClass({ className: 'py-2' })}>
            <CalendarSync aria-hidden size={18} />
            {t('subscribe')}
          </a>
          <p className="text-sm text-slate-700">
            {t('plain_link')}{' '}
            <a href={urls.https} className="break-all font-mono text-brand-700 underline">
              {urls.https}
            </a>
          </p>
        </div>
      )}
      <Button variant="secondary" onClick={reset} aria-disabled={pending} className="mt-4 py-2">
        {urls ? t('reset') : t('create')}
      </Button>
      {urls && <p className="mt-2 text-sm text-slate-600">{t('reset_hint')}</p>}
    </section>
  );
}
