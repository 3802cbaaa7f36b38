import type { ComponentType } from 'react';
import { textMax } from '@/lib/form-limits';
import type { Locale } from '@/lib/locale';
import type { FieldErrors } from './field-errors';
import { TextField } from './fields';
import type { BindText } from './language-tabs';
import type { RichTextFieldProps } from './rich-text-field';

/**
 * A language tab's name and description (issue 31): `name` and `description` on the Polish tab, `name_en`
 * and `description_en` on the English one. The form passes its description field, so a page at its
 * script budget can pass the lazy one.
 */
export function NameAndDescription({
  lang,
  bind,
  errors,
  nameLabel,
  descriptionLabel,
  Description,
}: {
  lang: Locale;
  bind: BindText;
  errors: FieldErrors;
  nameLabel: string;
  descriptionLabel: string;
  Description: ComponentType<RichTextFieldProps>;
}) {
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
    </>
  );
}
