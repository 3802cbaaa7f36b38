'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { TextListField } from '@/components/forms/text-list-field';

/** Spec §5 and the schema: at most 50 search-engine entries and 50 additional infos. */
const maxTextEntries = 50;

/** The lists' own cards sit inside the card of both lists' language tabs (issue 31). */
const listClass = 'grid gap-4';

/**
 * The attractions (search-engine entries) or the additional infos of a place in one language: `list` names
 * its texts, `name` the field it is sent as (`attractions`, `attractions_en`…).
 */
export function CompanyTextList({
  list,
  name,
  lang,
  initial,
  onChange,
  errors,
}: {
  list: 'attractions' | 'additional_infos';
  name: string;
  lang: string;
  initial: string[];
  onChange?: (values: string[]) => void;
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form');
  return (
    <TextListField
      name={name}
      kind="text"
      max={maxTextEntries}
      initial={initial}
      onChange={onChange}
      lang={lang}
      errors={errors}
      className={listClass}
      texts={{
        legend: t(`sections.${list}`),
        hint: t(`${list}.hint`),
        item: (n) => t(`${list}.item`, { n }),
        remove: (n) => t(`${list}.remove`, { n }),
        add: t(`${list}.add`),
        full: t('list_full', { max: maxTextEntries }),
      }}
    />
  );
}
