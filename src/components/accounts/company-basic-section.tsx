'use client';

import { useTranslations } from 'next-intl';
import { CheckboxGroup, type Option } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { fieldBinder, TextField, UrlField } from '@/components/forms/fields';
import { FormSection } from '@/components/forms/form-section';
import { CurrentImageInput } from '@/components/forms/image-input';
import { NameAndDescriptionTabs } from '@/components/forms/name-and-description';
import { RichTextFieldLazy } from '@/components/forms/rich-text-field-lazy';
import { textMax } from '@/lib/form-limits';
import type { CompanyFormInitial } from './company-form-initial';

const linkFields = ['url', 'facebook', 'instagram', 'linked_in', 'virtual_walk'] as const;

/** The logo (round) and the banner (wide) a place shows on its page and its cards. */
const brandImages = [
  { name: 'logo', imageClassName: 'h-20 w-20 rounded-full border border-slate-200 object-cover' },
  { name: 'banner', imageClassName: 'h-24 w-full rounded-lg border border-slate-200 object-cover' },
] as const;

/**
 * The first card of the organiser form: the place's name and description in Polish and English, its
 * address, contacts, links, logo, banner and categories.
 */
export function CompanyBasicSection({
  showsStored,
  categories,
  initial,
  errors,
}: {
  /** Whether the stored logo and banner are shown (not when a new place starts from a copy). */
  showsStored: boolean;
  categories: Option[];
  initial?: CompanyFormInitial;
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form');
  return (
    <FormSection legend={t('sections.basic')}>
      <NameAndDescriptionTabs
        initial={initial}
        errors={errors}
        nameLabel={t('name')}
        descriptionLabel={t('description')}
        Description={RichTextFieldLazy}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressFields initial={initial} errors={errors} />
        <ContactFields initial={initial} errors={errors} />
        {brandImages.map(({ name, imageClassName }) => (
          <CurrentImageInput
            key={name}
            name={name}
            label={t(name)}
            errors={errors}
            current={showsStored ? initial?.[name] : null}
            currentAlt={t(`current_${name}`)}
            imageClassName={imageClassName}
          />
        ))}
      </div>
      <CheckboxGroup
        name="categories"
        legend={t('categories')}
        hint={t('categories_hint')}
        required
        options={categories}
        checked={initial?.categories ?? []}
        errors={errors}
      />
    </FormSection>
  );
}

interface FieldsProps {
  initial?: CompanyFormInitial;
  errors: FieldErrors;
}

type TextName = 'city' | 'street' | 'postcode' | 'phone' | 'phone2' | 'phone3' | 'email_contact' | LinkName;
type LinkName = (typeof linkFields)[number];

function useCompanyField({ initial, errors }: FieldsProps) {
  const t = useTranslations('company_form');
  return { t, field: fieldBinder<TextName>(t, errors, initial) };
}

function AddressFields(props: FieldsProps) {
  const { t, field } = useCompanyField(props);
  return (
    <>
      <TextField {...field('city')} required maxLength={textMax.city} autoComplete="address-level2" />
      <TextField {...field('street')} required maxLength={textMax.street} autoComplete="address-line1" />
      <TextField
        {...field('postcode')}
        required
        inputMode="numeric"
        maxLength={textMax.postcode}
        placeholder={t('postcode_placeholder')}
        autoComplete="postal-code"
      />
    </>
  );
}

function ContactFields(props: FieldsProps) {
  const { field } = useCompanyField(props);
  return (
    <>
      <TextField {...field('phone')} type="tel" required maxLength={textMax.phone} autoComplete="tel" />
      <TextField {...field('phone2')} type="tel" maxLength={textMax.phone} />
      <TextField {...field('phone3')} type="tel" maxLength={textMax.phone} />
      <TextField {...field('email_contact')} type="email" maxLength={textMax.email} />
      {linkFields.map((name) => (
        <UrlField key={name} {...field(name)} autoComplete={name === 'url' ? 'url' : undefined} />
      ))}
    </>
  );
}
