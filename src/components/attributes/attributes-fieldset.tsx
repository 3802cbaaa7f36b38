'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { CheckboxList } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { ErrorText, useFieldError } from '@/components/forms/fields';
import { hintClass, legendClass, sectionClass } from '@/components/forms/form-section';
import { AttributeIcon } from '@/components/ui/icons';
import type { AttributeGroup } from '@/lib/attribute-icons';

// The groups in the order of src/lib/attribute-icons.ts `attributeGroups` (not imported: it brings the icon list).
const attributeGroups: readonly AttributeGroup[] = ['accessibility', 'family', 'other'];

/** An attribute a form offers (those that apply to a place, or to an event). */
export interface AttributeOption {
  id: number;
  name: string;
  icon: string;
  group: AttributeGroup;
}

/**
 * Issue 30: the place and event forms' amenities, one fieldset per group (accessibility, family, other),
 * each box with its icon and its words. Sent as `attribute_ids[]`; the empty hidden value makes the key
 * present when nothing is ticked, so unticking all of them is saved too.
 */
export function AttributesFieldset({
  options,
  checked,
  errors,
}: {
  options: AttributeOption[];
  checked: number[];
  errors: FieldErrors;
}) {
  const t = useTranslations('attributes');
  const id = useId();
  const messages = useFieldError(errors, 'attribute_ids');
  const invalid = messages.length > 0;
  if (options.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className={sectionClass}>
      <h2 id={`${id}-title`} className={legendClass}>
        {t('heading')}
      </h2>
      <p id={`${id}-hint`} className={hintClass}>
        {t('form_hint')}
      </p>
      <input type="hidden" name="attribute_ids[]" value="" />
      {attributeGroups.map((group) => {
        const inGroup = options.filter((o) => o.group === group);
        if (inGroup.length === 0) return null;
        return (
          <fieldset
            key={group}
            aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
            className="grid gap-1"
          >
            <legend className="text-sm font-medium text-slate-800">{t(`group_${group}`)}</legend>
            <CheckboxList
              name="attribute_ids"
              options={inGroup}
              checked={checked}
              invalid={invalid}
              icon={(option) => (
                <AttributeIcon name={option.icon} size={18} className="shrink-0 text-slate-600" />
              )}
            />
          </fieldset>
        );
      })}
      <ErrorText id={`${id}-error`} messages={messages} />
    </section>
  );
}
