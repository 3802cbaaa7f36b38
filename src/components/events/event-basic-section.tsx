'use client';

import { useTranslations } from 'next-intl';
import type { Option } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { OptionList, SelectField, TextAreaField, TextField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import type { EventFormValues } from '@/lib/schemas/event-form-values';

/** The event's name, category and description. */
export function EventBasicSection({
  categories,
  event,
  errors,
}: {
  categories: Option[];
  event?: EventFormValues;
  errors: FieldErrors;
}) {
  const t = useTranslations('event_form');
  return (
    <FormSection legend={t('sections.basic')} className={shrinkingSectionClass}>
      <TextField
        name="name"
        label={t('name')}
        errors={errors}
        required
        maxLength={200}
        defaultValue={event?.name}
      />
      <SelectField
        name="category_id"
        label={t('category')}
        errors={errors}
        required
        defaultValue={event ? String(event.category_id) : ''}
      >
        <OptionList empty={t('category_placeholder')} options={categories} />
      </SelectField>
      <div>
        <TextAreaField
          name="description"
          label={t('description')}
          errors={errors}
          rows={6}
          maxLength={20_000}
          defaultValue={event?.description}
        />
        <p className="mt-1 text-xs text-slate-600">{t('description_hint')}</p>
      </div>
    </FormSection>
  );
}
