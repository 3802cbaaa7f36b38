'use client';

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { FieldErrors } from './field-errors';
import { ErrorText, useFieldError } from './fields';
import { ImageInput } from './image-input';

export interface StoredPhoto {
  id: number;
  url: string;
}

/** Which text says the count: no photos in the plan, none left to add, or how many may be added. */
export type PhotoCountStatus = 'none' | 'full' | 'limit';

/**
 * The state of a photo gallery of a place or an event: kept photos (sent as hidden `preloaded[]`
 * ids) and new files (`images[]`); together they may not exceed `max`, the plan's photo count.
 * The card that shows them gets `section` as its ref, so focus can move on after a removal.
 */
export function usePhotoGallery<P extends StoredPhoto>(existing: P[], max: number) {
  const [kept, setKept] = useState(existing);
  const [files, setFiles] = useState<File[]>([]);
  const [trimmedTo, setTrimmedTo] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const section = useRef<HTMLFieldSetElement>(null);
  const remaining = Math.max(0, max - kept.length);

  // After a removal: the remove button now at that place, else the first choice of main photo, else
  // the file input.
  useEffect(() => {
    if (focusIndex === null || !section.current) return;
    const buttons = section.current.querySelectorAll<HTMLElement>('[data-remove-image]');
    (
      buttons[Math.min(focusIndex, buttons.length - 1)] ??
      section.current.querySelector<HTMLElement>('input[name="default_image"]') ??
      section.current.querySelector<HTMLElement>('input[name="images[]"]')
    )?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  const remove = (photo: P, index: number) => {
    setKept((list) => list.filter((i) => i.id !== photo.id));
    setFocusIndex(index);
  };

  // Runs after ImageInput has dropped files over 2 MB: keeps only as many as the plan still allows.
  const onFilesChange = (event: FormEvent<HTMLDivElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
    let list = Array.from(input.files ?? []);
    if (list.length > remaining) {
      list = list.slice(0, remaining);
      const allowed = new DataTransfer();
      for (const file of list) allowed.items.add(file);
      input.files = allowed.files;
      setTrimmedTo(remaining);
    } else {
      setTrimmedTo(null);
    }
    setFiles(list);
  };

  let status: PhotoCountStatus = 'limit';
  if (max === 0) status = 'none';
  else if (remaining === 0) status = 'full';

  return { section, kept, files, remaining, trimmedTo, status, remove, onFilesChange };
}

export type PhotoGallery = ReturnType<typeof usePhotoGallery>;

/** The input for new photos while the plan allows more, else the photos' error. */
export function NewPhotosInput({
  gallery,
  label,
  trimmed,
  errors,
}: {
  gallery: Pick<PhotoGallery, 'remaining' | 'trimmedTo' | 'onFilesChange'>;
  label: string;
  /** Says that only `count` of the chosen files are kept. */
  trimmed: (count: number) => string;
  errors: FieldErrors;
}) {
  const id = useId();
  const messages = useFieldError(errors, 'images');
  if (gallery.remaining === 0) return <ErrorText id={`${id}-error`} messages={messages} />;
  return (
    <div onChange={gallery.onFilesChange}>
      <ImageInput name="images[]" label={label} errors={errors} multiple />
      {gallery.trimmedTo !== null && (
        <p role="status" className="mt-1 text-sm text-amber-800">
          {trimmed(gallery.trimmedTo)}
        </p>
      )}
    </div>
  );
}
