'use client';

import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type KeyboardEvent, useRef, useState } from 'react';

/** Spec §2 gallery: a grid of photos; one opens larger in a modal dialog, with arrows between them. */
export function Gallery({ images, name }: { images: { id: number; url: string }[]; name: string }) {
  const t = useTranslations('place_page');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [index, setIndex] = useState(0);
  const total = images.length;
  const current = images[index];

  function open(i: number, button: HTMLButtonElement) {
    opener.current = button;
    setIndex(i);
    dialog.current?.showModal();
  }
  const step = (by: number) => setIndex((i) => (i + by + total) % total);
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowLeft') step(-1);
    if (e.key === 'ArrowRight') step(1);
  }

  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {images.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={(e) => open(i, e.currentTarget)}
              aria-label={t('open_image', { n: i + 1, total })}
              className="block aspect-[4/3] w-full overflow-hidden rounded-lg bg-slate-200"
            >
              <img
                src={image.url}
                alt=""
                loading="lazy"
                className="h-full w-full object-cover transition hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-label={t('gallery')}
        onClose={() => opener.current?.focus()}
        onKeyDown={onKeyDown}
        className="m-auto max-h-[95vh] w-[calc(100%-1rem)] max-w-5xl overflow-hidden rounded-xl bg-slate-950 p-0 text-white backdrop:bg-slate-950/80"
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
      </dialog>
    </>
  );
}
