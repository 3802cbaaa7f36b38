import type { ComponentType, ReactNode } from 'react';
import { textMax } from '@/lib/form-limits';
import type { Locale } from '@/lib/locale';
import type { FieldErrors } from './field-errors';
import { TextField } from './fields';
import { type BindText, LanguageTabs } from './language-tabs';
import type { RichTextFieldProps } from './rich-text-field';

type Texts = Partial<Record<'name' | 'description' | 'name_en' | 'description_en', string | null>>;

const noExtras = { pl: [], en: [] };

/**
 * A place's or an event's name and description in a tab per language (issue 31): `name` and `description`
 * on the Polish tab, `name_en` and `description_en` on the English one, then the `extras` each form adds
 * to a tab. The form passes its description field, so a page at its script budget can pass the lazy one.
 */
export function NameAndDescriptionTabs<T extends Texts>({
  initial,
  errors,
  nameLabel,
  descriptionLabel,
  Description,
  extraFields = noExtras,
  extras,
}: {
  initial?: T;
  errors: FieldErrors;
  nameLabel: string;
  descriptionLabel: string;
  Description: ComponentType<RichTextFieldProps>;
  /** The form names of the texts `extras` renders, per tab. */
  extraFields?: Record<Locale, (keyof T & string)[]>;
  extras?: (lang: Locale, bind: BindText) => ReactNode;
}) {
  const fieldsOf: Record<Locale, (keyof T & string)[]> = {
    pl: ['name', 'description', ...extraFields.pl],
    en: ['name_en', 'description_en', ...extraFields.en],
  };
  const texts: Record<string, string | undefined> = Object.create(null);
  for (const name of [...fieldsOf.pl, ...fieldsOf.en]) {
    const value = initial?.[name];
    if (typeof value === 'string') texts[name] = value;
  }
  return (
    <LanguageTabs fieldsOf={fieldsOf} initial={texts} errors={errors}>
      {(lang, bind) => {
        const suffix = lang === 'pl' ? '' : `_${lang}`;
        return (
          <>
            <TextField
              {...bind(`name${suffix}`)}
              label={nameLabel}
              errors={errors}
              maxLength={textMax.name}
              lang={lang}
            />
            <Description
              {...bind(`description${suffix}`)}
              label={descriptionLabel}
              errors={errors}
              maxLength={textMax.description}
              lang={lang}
            />
            {extras?.(lang, bind)}
          </>
        );
      }}
    </LanguageTabs>
  );
}
