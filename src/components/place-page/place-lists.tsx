import { getLocale, getTranslations } from 'next-intl/server';
import { OnlyInNote } from '@/components/content/only-in-note';
import { Section } from '@/components/detail/detail-parts';
import type { PlaceDetail } from '@/lib/schemas/place-responses';

type ListsOf = Pick<PlaceDetail, 'attractions' | 'additional_infos' | 'text_lang'>;

export const hasLists = (place: ListsOf) => place.attractions.length > 0 || place.additional_infos.length > 0;

const noteClass = 'mb-2 text-sm text-slate-600';

/** Each text once: a list may hold the same entry twice, and the page shows it once. */
const distinct = (items: { name: string }[]) => [...new Set(items.map((i) => i.name))];

/**
 * The place's attractions and additional infos, each list in the page's language where the owner wrote one,
 * else in the other, marked with its language (issue 31).
 */
export async function PlaceLists({ place }: { place: ListsOf }) {
  const [t, pageLocale] = await Promise.all([getTranslations('place_page'), getLocale()]);
  const { attractions, additional_infos: infos } = place.text_lang;
  return (
    <>
      {place.attractions.length > 0 && (
        <Section id="place-attractions" title={t('attractions')}>
          <OnlyInNote lang={attractions} pageLocale={pageLocale} className={noteClass} />
          <ul lang={attractions ?? undefined} className="flex flex-wrap gap-2">
            {distinct(place.attractions).map((name) => (
              <li key={name} className="rounded-full bg-slate-100 px-3 py-1 text-sm break-words">
                {name}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {place.additional_infos.length > 0 && (
        <Section id="place-additional-infos" title={t('additional_infos')}>
          <OnlyInNote lang={infos} pageLocale={pageLocale} className={noteClass} />
          <ul lang={infos ?? undefined} className="list-disc space-y-1 pl-5 break-words">
            {distinct(place.additional_infos).map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
