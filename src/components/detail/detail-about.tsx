import { getLocale, getTranslations } from 'next-intl/server';
import { OnlyInNote } from '@/components/content/only-in-note';
import { Gallery } from '@/components/place-page/gallery';
import type { Locale } from '@/lib/locale';
import { Section, VirtualWalkLink } from './detail-parts';
import { Videos } from './videos';

// What a place page and an event page show about their subject, beside the address column.
export interface AboutContent {
  description: string | null;
  /** Issue 31: the language the description is written in, when known. */
  descriptionLang?: Locale | null;
  images: { id: number; url: string }[];
  videoIds: string[];
  virtualWalk: { url: string } | null;
}

export const hasAbout = (about: AboutContent) =>
  !!about.description || about.images.length > 0 || about.videoIds.length > 0 || !!about.virtualWalk;

/** Description, gallery, films and virtual walk, each section only when there is something to show. */
export async function DetailAbout({
  kind,
  name,
  about,
}: {
  kind: 'place' | 'event';
  name: string;
  about: AboutContent;
}) {
  const t = kind === 'place' ? await getTranslations('place_page') : await getTranslations('event_page');
  const pageLocale = await getLocale();
  return (
    <>
      {about.description && (
        <Section id={`${kind}-description`} title={t('description')}>
          <OnlyInNote
            lang={about.descriptionLang}
            pageLocale={pageLocale}
            className="mb-2 text-sm text-slate-600"
          />
          <div
            lang={about.descriptionLang ?? undefined}
            className="prose-text break-words"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when saved (sanitizeDescription)
            dangerouslySetInnerHTML={{ __html: about.description }}
          />
        </Section>
      )}
      {about.images.length > 0 && (
        <Section id={`${kind}-gallery`} title={t('gallery')}>
          <Gallery images={about.images} name={name} />
        </Section>
      )}
      {about.videoIds.length > 0 && (
        <Section id={`${kind}-videos`} title={t('videos')}>
          <Videos ids={about.videoIds} name={name} />
        </Section>
      )}
      {about.virtualWalk && (
        <Section id={`${kind}-walk`} title={t('virtual_walk')}>
          <VirtualWalkLink url={about.virtualWalk.url} label={t('virtual_walk_open')} newTab={t('new_tab')} />
        </Section>
      )}
    </>
  );
}
