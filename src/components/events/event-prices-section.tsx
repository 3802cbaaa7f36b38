'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { TextField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import type { EventFormValues } from '@/lib/schemas/event-form-values';
import { maxPrice } from '@/lib/spec-limits';

/** The price range and the spots left. */
export function EventPricesSection({ event, errors }: { event?: EventFormValues; errors: FieldErrors }) {
  const t = useTranslations('event_form');
  return (
    <FormSection legend={t('sections.prices')} hint={t('prices_hint')} className={shrinkingSectionClass}>
      <div className="grid gap-4 sm:grid-cols-3">
        {(['price_min', 'price_max'] as const).map((name) => (
          <TextField
            key={name}
            type="number"
            name={name}
            label={t(name)}
            errors={errors}
            required
            min={0}
            max={maxPrice}
            step={0.01}
            inputMode="decimal"
            defaultValue={event?.[name] ?? undefined}
          />
        ))}
        <TextField
          type="number"
          name="spots_left"
          label={t('spots_left')}
          errors={errors}
          required
          min={0}
          step={1}
          inputMode="numeric"
          defaultValue={event?.spots_left ?? undefined}
          readOnly={event?.registration}
          hint={event?.registration ? t('spots_from_registration') : undefined}
        />
      </div>
    </FormSection>
  );
}
