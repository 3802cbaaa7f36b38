'use client';

import { useTranslations } from 'next-intl';
import type { Option } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { OptionList, SelectField, TextField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import { LanguageTabs } from '@/components/forms/language-tabs';
import { NameAndDescription } from '@/components/forms/name-and-description';
import { RichTextField } from '@/components/forms/rich-text-field';
import { textMax } from '@/lib/form-limits';
import type { EventFormValues } from '@/lib/schemas/event-form-values';

const textFields = { pl: ['name', 'description'], en: ['name_en', 'description_en', 'place_name_en'] };

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
      <LanguageTabs
        fieldsOf={textFields}
        initial={{
          name: event?.name,
          description: event?.description,
          name_en: event?.name_en,
          description_en: event?.description_en,
          place_name_en: event?.place_name_en,
        }}
        errors={errors}
      >
        {(lang, bind) => (
          <>
            <NameAndDescription
              lang={lang}
              bind={bind}
              errors={errors}
              nameLabel={t('name')}
              descriptionLabel={t('description')}
              Description={RichTextField}
            />
            {lang === 'en' && (
              <TextField
                {...bind('place_name_en')}
                label={t('place_name_en')}
                errors={errors}
                maxLength={textMax.name}
                lang="en"
              />
            )}
          </>
        )}
      </LanguageTabs>
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
