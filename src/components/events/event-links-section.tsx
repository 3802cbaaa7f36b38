'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { fieldBinder, UrlField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import type { EventFormValues } from '@/lib/schemas/event-form-values';

const linkFields = ['buy_ticket_url', 'virtual_walk'] as const;

/** The ticket shop and the virtual walk. */
export function EventLinksSection({ event, errors }: { event?: EventFormValues; errors: FieldErrors }) {
  const t = useTranslations('event_form');
  const field = fieldBinder<(typeof linkFields)[number]>(t, errors, event);
  return (
    <FormSection legend={t('sections.links')} className={shrinkingSectionClass}>
      <div className="grid gap-4 sm:grid-cols-2">
        {linkFields.map((name) => (
          <UrlField key={name} {...field(name)} placeholder={t('link_placeholder')} />
        ))}
      </div>
    </FormSection>
  );
}
