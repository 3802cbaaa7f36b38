'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from './field-errors';
import { TextListField } from './text-list-field';

/**
 * The YouTube films of a place or an event: a growing list of `youtube[]` inputs, at most `max` (the
 * plan's count). Both forms word it alike, each in its own message namespace.
 */
export function FilmsField({
  messages,
  legend,
  max,
  initial,
  errors,
  className,
}: {
  messages: 'company_form.youtube' | 'event_form.youtube';
  legend: string;
  max: number;
  initial: string[];
  errors: FieldErrors;
  className?: string;
}) {
  // client-messages: company_form.youtube event_form.youtube
  const t = useTranslations(messages);
  return (
    <TextListField
      name="youtube"
      kind="films"
      max={max}
      initial={initial}
      errors={errors}
      className={className}
      texts={{
        legend,
        hint: (
          <>
            {t('hint')}
            {max > 0 && ` ${t('limit', { max })}`}
          </>
        ),
        item: (n) => t('item', { n }),
        remove: (n) => t('remove', { n }),
        add: t('add'),
        full: t('full', { max }),
        none: t('none'),
        placeholder: t('placeholder'),
      }}
    />
  );
}
