'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

const everyMs = 3_000;
const forMs = 2 * 60_000;

/**
 * While the payment provider has not confirmed the order yet, the page asks the server again every few
 * seconds; the page itself shows the outcome once the status changes. After two minutes it stops.
 */
export function PendingRefresh() {
  const t = useTranslations('cart');
  const router = useRouter();
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started >= forMs) {
        window.clearInterval(timer);
        setTimedOut(true);
        return;
      }
      router.refresh();
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [router]);

  return (
    <p role="status" className="text-slate-700">
      {timedOut ? t('pending_timeout') : t('pending_checking')}
    </p>
  );
}
