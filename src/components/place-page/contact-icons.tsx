'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Check, Globe, Mail, Phone } from '@/components/ui/icons';
import { useCopy } from '@/components/ui/use-copy';
import { reportHit } from '@/lib/stats-beacon';

export interface ContactValue {
  kind: 'phone' | 'email' | 'url';
  value: string;
}

const icons = { phone: Phone, email: Mail, url: Globe };
const labels = { phone: 'copy_phone', email: 'copy_email', url: 'copy_url' } as const;
/** What copying each counts as for the owner's statistics (issue 28), like opening it. */
const measures = { phone: 'phone_click', email: 'email_click', url: 'website_click' } as const;

/**
 * Spec §2: phone, e-mail and website icons; pointing at one (or focusing it) shows its value, a click
 * (or Enter) copies it and confirms. The confirmation is announced; the hover hint is not, since the
 * button's name already carries the value.
 */
export function ContactIcons({ placeId, items }: { placeId: number; items: ContactValue[] }) {
  const t = useTranslations('place_page');
  const { copy, copied, failed } = useCopy();
  const [active, setActive] = useState<string | null>(null);
  if (!items.length) return null;
  const copiedItem = items.find((i) => i.kind === copied);
  const activeItem = items.find((i) => i.kind === active);
  return (
    <div>
      <ul aria-label={t('contact')} className="flex flex-wrap gap-2">
        {items.map((item) => {
          const Icon = copied === item.kind ? Check : icons[item.kind];
          return (
            <li key={item.kind}>
              <button
                type="button"
                aria-label={t(labels[item.kind], { value: item.value })}
                onClick={() => {
                  reportHit({ subject: 'place', id: placeId, measure: measures[item.kind] });
                  copy(item.kind, item.value);
                }}
                onMouseEnter={() => setActive(item.kind)}
                onMouseLeave={() => setActive((a) => (a === item.kind ? null : a))}
                onFocus={() => setActive(item.kind)}
                onBlur={() => setActive((a) => (a === item.kind ? null : a))}
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700 hover:bg-brand-100"
              >
                <Icon aria-hidden size={18} />
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-1 min-h-5 text-sm break-all text-slate-600">
        <span role="status">
          {copiedItem ? t('copied', { value: copiedItem.value }) : failed ? t('copy_failed') : ''}
        </span>
        {!copiedItem && !failed && activeItem && (
          <span aria-hidden>{t('copy_hint', { value: activeItem.value })}</span>
        )}
      </p>
    </div>
  );
}
