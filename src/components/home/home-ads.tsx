import { getTranslations } from 'next-intl/server';
import { SponsoredLabel, sponsoredTexts } from '@/components/ads/sponsored-label';
import { PlacementHits } from '@/components/stats/hit-wrappers';
import { MapPin } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { OptionalImage } from '@/components/ui/optional-image';
import type { HomeAdResource } from '@/lib/schemas/orders';

/**
 * Spec §2/§9: the paid home-page ads, each leading to its company's place under the name the company
 * chose, labelled as paid with who paid (issue 28, DSA art. 26), each seen and followed reported.
 * Nothing without running ads.
 */
export async function HomeAds({ ads }: { ads: HomeAdResource[] }) {
  if (!ads.length) return null;
  const [t, tAds] = await Promise.all([getTranslations('home_ad'), getTranslations('ads')]);
  return (
    <section aria-labelledby="home-ads" className="mx-auto mt-12 max-w-6xl px-4">
      <h2 id="home-ads" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ads.map((ad) => (
          <li key={ad.id}>
            <PlacementHits
              subject="place"
              id={ad.place.id}
              impression="ad_impression"
              click="ad_click"
              className="h-full"
            >
              {/* Not clipped: the link's focus outline stays visible around the card. */}
              <article className="relative h-full rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
                <Link href={`/places/${ad.place.id}`} className="flex h-full flex-col rounded-xl">
                  <div className="relative aspect-[16/9] overflow-hidden rounded-t-xl bg-slate-200">
                    <OptionalImage src={ad.place.image} lazy />
                  </div>
                  <div className="flex flex-1 flex-col gap-1 p-3">
                    <h3 className="line-clamp-2 font-semibold leading-snug">{ad.name}</h3>
                    <p className="flex items-center gap-1 text-sm text-slate-600">
                      <MapPin aria-hidden size={14} />
                      {ad.place.city}
                    </p>
                  </div>
                </Link>
                <SponsoredLabel texts={sponsoredTexts(tAds, ad.sponsor)} className="absolute top-2 left-2" />
              </article>
            </PlacementHits>
          </li>
        ))}
      </ul>
    </section>
  );
}
