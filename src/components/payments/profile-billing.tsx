'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from '@/components/ui/toasts';
import type { BillingResource, BuyerKind } from '@/lib/schemas/billing';

// Drawn on the server, its code loaded beside the page's first load: /profile is near its budget.
const BillingForm = dynamic(() => import('./billing-form').then((m) => m.BillingForm));

/**
 * Issue 27: the billing data in /profile, between the account and its orders. After a save the form
 * starts again from what was stored, so the NIP and postcode show as the invoice will print them.
 */
export function ProfileBilling({
  initial,
  defaultKind,
}: {
  initial: BillingResource | null;
  defaultKind: BuyerKind;
}) {
  const t = useTranslations('billing');
  const [current, setCurrent] = useState(initial);
  return (
    <section
      id="billing"
      aria-labelledby="billing-title"
      className="mx-auto max-w-4xl scroll-mt-20 px-4 pb-10"
    >
      <h2 id="billing-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h2>
      <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-slate-700">{t('intro')}</p>
        <BillingForm
          key={current?.updated_at ?? 'none'}
          initial={current}
          defaultKind={defaultKind}
          submitLabel={t('save')}
          onSaved={(saved) => {
            setCurrent(saved);
            toast.success(t('saved'));
          }}
        />
      </div>
    </section>
  );
}
