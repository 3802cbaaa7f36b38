'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { hintClass, legendClass, sectionClass } from '@/components/forms/form-section';
import { NewPhotosInput, type StoredPhoto, usePhotoGallery } from '@/components/forms/photo-gallery';
import { RemoveButton } from '@/components/forms/remove-button';

/** The place's photo gallery: the kept photos, each removable, and the input for new ones. */
export function CompanyGallerySection({
  existing,
  max,
  errors,
}: {
  existing: StoredPhoto[];
  max: number;
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form');
  const gallery = usePhotoGallery(existing, max);
  const { kept, remaining } = gallery;
  return (
    <fieldset ref={gallery.section} className={sectionClass}>
      <legend className={legendClass}>{t('sections.gallery')}</legend>
      <p className={hintClass}>{t(`gallery.${gallery.status}`, { max, remaining })}</p>
      {kept.length > 0 && (
        <ul
          aria-label={t('gallery.current')}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
        >
          {kept.map((image, index) => (
            <li key={image.id} className="relative">
              <input type="hidden" name="preloaded[]" value={image.id} />
              <img
                src={image.url}
                alt={t('gallery.image_alt', { n: index + 1 })}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-lg border border-slate-200 object-cover"
              />
              <RemoveButton
                data-remove-image
                onClick={() => gallery.remove(image, index)}
                label={t('gallery.remove', { n: index + 1 })}
                className="absolute top-1 right-1"
              />
            </li>
          ))}
        </ul>
      )}
      <NewPhotosInput
        gallery={gallery}
        label={t('gallery.add')}
        trimmed={(count) => t('gallery.trimmed', { count })}
        errors={errors}
      />
    </fieldset>
  );
}
