'use client';

import { useTranslations } from 'next-intl';
import { CheckboxGroup, type Option } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { FilmsField } from '@/components/forms/films-field';
import type { StoredPhoto } from '@/components/forms/photo-gallery';
import { CompanyGallerySection } from './company-gallery-section';
import { CompanyTextList } from './company-text-list';

/** The schema's cap on films, whatever the plan allows. */
const maxFilms = 100;

/** The organiser form's optional cards: languages, attractions, additional infos, films and photos. */
export function CompanyExtrasSections({
  languages,
  limits,
  initial,
  images,
  errors,
}: {
  languages: Option[];
  limits: { images: number; movies: number };
  initial?: { languages: number[]; attractions: string[]; additional_infos: string[]; youtube: string[] };
  /** The stored photos the gallery keeps (none on registration or a copied place). */
  images: StoredPhoto[];
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form');
  return (
    <>
      <CheckboxGroup
        name="languages"
        legend={t('sections.languages')}
        hint={t('languages_hint')}
        options={languages}
        checked={initial?.languages ?? []}
        errors={errors}
        asSection
      />
      <CompanyTextList name="attractions" initial={initial?.attractions ?? []} errors={errors} />
      <CompanyTextList name="additional_infos" initial={initial?.additional_infos ?? []} errors={errors} />
      <FilmsField
        messages="company_form.youtube"
        legend={t('sections.youtube')}
        max={Math.min(limits.movies, maxFilms)}
        initial={initial?.youtube ?? []}
        errors={errors}
      />
      <CompanyGallerySection existing={images} max={limits.images} errors={errors} />
    </>
  );
}
