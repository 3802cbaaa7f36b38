'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { TextListField } from '@/components/forms/text-list-field';

/** Spec §5 and the schema: at most 50 search-engine entries and 50 additional infos. */
const maxTextEntries = 50;

/** The attractions (search-engine entries) or the additional infos of a place, each a card. */
export function CompanyTextList({
  name,
  initial,
  errors,
}: {
  name: 'attractions' | 'additional_infos';
  initial: string[];
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form');
  return (
    <TextListField
      name={name}
      kind="text"
      max={maxTextEntries}
      initial={initial}
      errors={errors}
      texts={{
        legend: t(`sections.${name}`),
        hint: t(`${name}.hint`),
        item: (n) => t(`${name}.item`, { n }),
        remove: (n) => t(`${name}.remove`, { n }),
        add: t(`${name}.add`),
        full: t('list_full', { max: maxTextEntries }),
      }}
    />
  );
}
