'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { fieldBinder, TextField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import type { EventFormValues } from '@/lib/schemas/event-form-values';
import { maxPrice } from '@/lib/spec-limits';

/** The price range and the spots left. */
export function EventPricesSection({ event, errors }: { event?: EventFormValues; errors: FieldErrors }) {
  const t = useTranslations('event_form');
  const field = fieldBinder<'price_min' | 'price_max' | 'spots_left'>(t, errors, event);
  return (
    <FormSection legend={t('sections.prices')} hint={t('prices_hint')} className={shrinkingSectionClass}>
      <div className="grid gap-4 sm:grid-cols-3">
        {(['price_min', 'price_max'] as const).map((name) => (
          <TextField
            key={name}
            {...field(name)}
            type="number"
            required
            min={0}
            max={maxPrice}
            step={0.01}
            inputMode="decimal"
          />
        ))}
        <TextField
          {...field('spots_left')}
          type="number"
          required
          min={0}
          step={1}
          inputMode="numeric"
          readOnly={event?.registration}
          hint={event?.registration ? t('spots_from_registration') : undefined}
        />
      </div>
    </FormSection>
  );
}
