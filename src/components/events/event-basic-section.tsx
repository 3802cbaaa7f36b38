'use client';

import { useTranslations } from 'next-intl';
import type { Option } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { OptionList, SelectField, TextField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import { NameAndDescriptionTabs } from '@/components/forms/name-and-description';
import { RichTextField } from '@/components/forms/rich-text-field';
import { textMax } from '@/lib/form-limits';
import type { Locale } from '@/lib/locale';
import type { EventFormValues } from '@/lib/schemas/event-form-values';

/** The place's name in English, on the English tab only: the Polish one is the place field itself. */
const placeNameFields: Record<Locale, (keyof EventFormValues)[]> = { pl: [], en: ['place_name_en'] };

/** The event's name and description in Polish and English (issue 31), and its category. */
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
      <NameAndDescriptionTabs
        initial={event}
        errors={errors}
        nameLabel={t('name')}
        descriptionLabel={t('description')}
        Description={RichTextField}
        extraFields={placeNameFields}
        extras={(lang, bind) =>
          lang === 'en' && (
            <TextField
              {...bind('place_name_en')}
              label={t('place_name_en')}
              errors={errors}
              maxLength={textMax.name}
              lang="en"
            />
          )
        }
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
    </FormSection>
  );
}
