'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { LightboxStart } from './gallery-lightbox';

// The dialog's code loads when a photo is first opened, not with the page.
const GalleryLightbox = dynamic(() => import('./gallery-lightbox').then((m) => m.GalleryLightbox), {
  ssr: false,
});

/** Spec §2 gallery: a grid of photos; one opens larger in a modal dialog, with arrows between them. */
export function Gallery({ images, name }: { images: { id: number; url: string }[]; name: string }) {
  const t = useTranslations('place_page');
  const [start, setStart] = useState<LightboxStart | null>(null);
  const total = images.length;

  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {images.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={(e) => setStart({ index: i, opener: e.currentTarget })}
              aria-haspopup="dialog"
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
      {start && <GalleryLightbox images={images} name={name} start={start} />}
    </>
  );
}
