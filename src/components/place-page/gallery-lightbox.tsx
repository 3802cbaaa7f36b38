'use client';

import { useTranslations } from 'next-intl';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, X } from '@/components/ui/icons';
import { ModalFrame } from '@/components/ui/modal-dialog';

/** Which photo to show, and the grid's button to give the focus back to; a new object opens it again. */
export interface LightboxStart {
  index: number;
  opener: HTMLButtonElement;
}

/** The gallery's modal dialog with one photo and arrows between them; loaded on the first photo opened. */
export function GalleryLightbox({
  images,
  name,
  start,
}: {
  images: { id: number; url: string }[];
  name: string;
  start: LightboxStart;
}) {
  const t = useTranslations('place_page');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [index, setIndex] = useState(start.index);
  const total = images.length;
  const current = images[index];

  useEffect(() => {
    opener.current = start.opener;
    setIndex(start.index);
    dialog.current?.showModal();
  }, [start]);
  const step = (by: number) => setIndex((i) => (i + by + total) % total);
  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key === 'ArrowLeft') step(-1);
    if (e.key === 'ArrowRight') step(1);
  }

  return (
    <ModalFrame
      dialogRef={dialog}
      size="lightbox"
      label={t('gallery')}
      onClose={() => opener.current?.focus()}
      onKeyDown={onKeyDown}
    >
      {current && (
        <figure className="flex max-h-[95vh] flex-col">
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <figcaption className="text-sm">{t('slide', { n: index + 1, total })}</figcaption>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              aria-label={t('close')}
              className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/10"
            >
              <X aria-hidden size={22} />
            </button>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center">
            <img
              src={current.url}
              alt={t('image_alt', { n: index + 1, total, name })}
              className="max-h-[calc(95vh-3.5rem)] w-full object-contain"
            />
            {total > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => step(-1)}
                  aria-label={t('previous_image')}
                  className="absolute left-2 flex h-11 w-11 items-center justify-center rounded-full bg-black/50 hover:bg-black/70"
                >
                  <ChevronLeft aria-hidden size={24} />
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  aria-label={t('next_image')}
                  className="absolute right-2 flex h-11 w-11 items-center justify-center rounded-full bg-black/50 hover:bg-black/70"
                >
                  <ChevronRight aria-hidden size={24} />
                </button>
              </>
            )}
          </div>
        </figure>
      )}
    </ModalFrame>
  );
}
