'use client';

import { useTranslations } from 'next-intl';
import { CheckboxGroup, type Option } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { FilmsField } from '@/components/forms/films-field';
import { FormSection } from '@/components/forms/form-section';
import { LanguageTabs } from '@/components/forms/language-tabs';
import type { StoredPhoto } from '@/components/forms/photo-gallery';
import { CompanyGallerySection } from './company-gallery-section';
import { CompanyTextList } from './company-text-list';

/** The schema's cap on films, whatever the plan allows. */
const maxFilms = 100;

/** Issue 31: each language has its own lists of attractions and additional infos. */
const listFields = { pl: ['attractions', 'additional_infos'], en: ['attractions_en', 'additional_infos_en'] };

type ListsInitial = Record<
  'attractions' | 'attractions_en' | 'additional_infos' | 'additional_infos_en',
  string[]
>;

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
  initial?: ListsInitial & { languages: number[]; youtube: string[] };
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
      <FormSection legend={t('sections.place_lists')}>
        <LanguageTabs
          listsOf={listFields}
          initialLists={{
            attractions: initial?.attractions,
            attractions_en: initial?.attractions_en,
            additional_infos: initial?.additional_infos,
            additional_infos_en: initial?.additional_infos_en,
          }}
          errors={errors}
        >
          {(lang, _bind, bindList) => {
            const suffix = lang === 'pl' ? '' : `_${lang}`;
            return (
              <>
                <CompanyTextList
                  list="attractions"
                  lang={lang}
                  {...bindList(`attractions${suffix}`)}
                  errors={errors}
                />
                <CompanyTextList
                  list="additional_infos"
                  lang={lang}
                  {...bindList(`additional_infos${suffix}`)}
                  errors={errors}
                />
              </>
            );
          }}
        </LanguageTabs>
      </FormSection>
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
