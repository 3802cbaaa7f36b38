'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { ErrorText, useFieldError } from '@/components/forms/fields';
import { hintClass, legendClass, shrinkingSectionClass } from '@/components/forms/form-section';
import { CurrentImageInput } from '@/components/forms/image-input';
import { NewPhotosInput, usePhotoGallery } from '@/components/forms/photo-gallery';
import { RemoveButton } from '@/components/forms/remove-button';
import type { EventFormValues } from '@/lib/schemas/event-form-values';

/**
 * The banner and the photos. Kept photos travel as hidden `preloaded[]` ids, new ones as `images[]`;
 * together they may not exceed the plan's count. The radio group `default_image` names the main
 * photo: "id:<imageId>" for a kept one, "new:<index>" for the n-th new file.
 */
export function EventPhotosSection({
  banner,
  existing,
  max,
  errors,
}: {
  banner: string | null;
  existing: EventFormValues['images'];
  max: number;
  errors: FieldErrors;
}) {
  const t = useTranslations('event_form');
  const gallery = usePhotoGallery(existing, max);
  const { kept, files, remaining } = gallery;
  const previews = useObjectUrls(files);
  const [selected, setSelected] = useState<string | null>(() => {
    const main = existing.find((i) => i.is_default) ?? existing[0];
    return main ? `id:${main.id}` : null;
  });
  const options = [...kept.map((i) => `id:${i.id}`), ...files.map((_, i) => `new:${i}`)];
  const main = selected !== null && options.includes(selected) ? selected : options[0];

  return (
    <fieldset ref={gallery.section} className={shrinkingSectionClass}>
      <legend className={legendClass}>{t('sections.photos')}</legend>
      <CurrentImageInput
        name="banner"
        label={t('banner')}
        errors={errors}
        current={banner}
        currentAlt={t('current_banner')}
        imageClassName="aspect-[3/1] w-full max-w-xl rounded-lg border border-slate-200 object-cover"
        note={t('banner_replace')}
      />

      <div className="grid gap-1 border-t border-slate-200 pt-4">
        <p className="font-medium text-slate-800">{t('photos.title')}</p>
        <p className={hintClass}>{t(`photos.${gallery.status}`, { max, remaining })}</p>
      </div>
      {kept.map((image) => (
        <input key={image.id} type="hidden" name="preloaded[]" value={image.id} />
      ))}
      {options.length > 0 && (
        <MainPhotoChoice errors={errors}>
          {kept.map((image, index) => (
            <PhotoTile
              key={`id-${image.id}`}
              value={`id:${image.id}`}
              url={image.url}
              label={t('photos.existing_item', { n: index + 1 })}
              main={main}
              onSelect={setSelected}
              remove={{
                label: t('photos.remove', { n: index + 1 }),
                onClick: () => gallery.remove(image, index),
              }}
            />
          ))}
          {files.map((file, index) => (
            <PhotoTile
              // biome-ignore lint/suspicious/noArrayIndexKey: a new choice of files replaces the whole list; the index tells apart two files of one name
              key={`new-${index}-${file.name}`}
              value={`new:${index}`}
              url={previews[index]}
              label={t('photos.new_item', { name: file.name })}
              main={main}
              onSelect={setSelected}
            />
          ))}
        </MainPhotoChoice>
      )}
      <NewPhotosInput
        gallery={gallery}
        label={t('photos.add')}
        trimmed={(count) => t('photos.trimmed', { count })}
        errors={errors}
      />
    </fieldset>
  );
}

/** A preview lives as long as its selection: replaced or unmounted, its object URL is freed. */
function useObjectUrls(files: File[]) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const created = files.map((file) => URL.createObjectURL(file));
    setUrls(created);
    return () => {
      for (const url of created) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

function MainPhotoChoice({ errors, children }: { errors: FieldErrors; children: ReactNode }) {
  const t = useTranslations('event_form');
  const id = useId();
  const messages = useFieldError(errors, 'default_image');
  return (
    <fieldset
      aria-describedby={messages.length ? `${id}-hint ${id}-error` : `${id}-hint`}
      className="grid min-w-0 gap-2"
    >
      <legend className="text-sm font-medium text-slate-800">{t('photos.default_legend')}</legend>
      <p id={`${id}-hint`} className={hintClass}>
        {t('photos.default_hint')}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">{children}</ul>
      <ErrorText id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}

/** One photo with its "main photo" radio; a kept photo also has its remove button. */
function PhotoTile({
  value,
  url,
  label,
  main,
  onSelect,
  remove,
}: {
  value: string;
  url: string | undefined;
  label: string;
  main: string | undefined;
  onSelect: (value: string) => void;
  remove?: { label: string; onClick: () => void };
}) {
  return (
    <li className="relative min-w-0 rounded-lg border border-slate-200 p-2">
      {url ? (
        <img src={url} alt="" className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover" />
      ) : (
        <span aria-hidden className="block aspect-[4/3] w-full rounded-md bg-slate-100" />
      )}
      <label className="mt-1 flex min-h-11 min-w-0 cursor-pointer items-center gap-2">
        <input
          type="radio"
          name="default_image"
          value={value}
          checked={main === value}
          onChange={() => onSelect(value)}
          className="h-5 w-5 shrink-0 accent-brand-600"
        />
        <span className="truncate text-sm" title={label}>
          {label}
        </span>
      </label>
      {remove && (
        <RemoveButton
          data-remove-image
          onClick={remove.onClick}
          label={remove.label}
          className="absolute top-3 right-3"
        />
      )}
    </li>
  );
}
