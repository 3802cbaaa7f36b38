'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { TextField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import { textMax } from '@/lib/form-limits';
import type { EventFormValues } from '@/lib/schemas/event-form-values';

const linkFields = ['buy_ticket_url', 'virtual_walk'] as const;

/** The ticket shop and the virtual walk. */
export function EventLinksSection({ event, errors }: { event?: EventFormValues; errors: FieldErrors }) {
  const t = useTranslations('event_form');
  return (
    <FormSection legend={t('sections.links')} className={shrinkingSectionClass}>
      <div className="grid gap-4 sm:grid-cols-2">
        {linkFields.map((name) => (
          <TextField
            key={name}
            type="url"
            name={name}
            label={t(name)}
            errors={errors}
            maxLength={textMax.url}
            placeholder={t('link_placeholder')}
            defaultValue={event?.[name]}
          />
        ))}
      </div>
    </FormSection>
  );
}
