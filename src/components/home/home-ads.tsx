import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { MapPin } from '@/components/ui/icons';
import { OptionalImage } from '@/components/ui/optional-image';
import type { HomeAdResource } from '@/lib/schemas/orders';

/**
 * Spec §2/§9: the paid home-page ads, each leading to its company's place under the name the company
 * chose, and marked as an ad. Nothing without running ads.
 */
export async function HomeAds({ ads }: { ads: HomeAdResource[] }) {
  if (!ads.length) return null;
  const t = await getTranslations('home_ad');
  return (
    <section aria-labelledby="home-ads" className="mx-auto mt-12 max-w-6xl px-4">
      <h2 id="home-ads" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ads.map((ad) => (
          <li key={ad.id}>
            {/* Not clipped: the link's focus outline stays visible around the card. */}
            <article className="h-full rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
              <Link href={`/places/${ad.place.id}`} className="flex h-full flex-col rounded-xl">
                <div className="relative aspect-[16/9] overflow-hidden rounded-t-xl bg-slate-200">
                  <OptionalImage src={ad.place.image} lazy />
                  <span className="absolute top-2 left-2 rounded-md bg-slate-900/80 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
                    {t('label')}
                  </span>
                </div>
                <div className="flex flex-1 flex-col gap-1 p-3">
                  <h3 className="line-clamp-2 font-semibold leading-snug">{ad.name}</h3>
                  <p className="flex items-center gap-1 text-sm text-slate-600">
                    <MapPin aria-hidden size={14} />
                    {ad.place.city}
                  </p>
                </div>
              </Link>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
