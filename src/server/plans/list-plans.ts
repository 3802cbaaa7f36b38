import 'server-only';
import { asc } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { homeAdOffers, paymentSettings, premiumSettings, pricePacks } from '@/db/schema';
import { toPln } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { PaymentSettings, PremiumSettingResource } from '@/lib/schemas/catalogue-responses';
import { planDurations } from '@/lib/spec-limits';

export async function listPremiumSettings({ locale }: { locale: Locale }): Promise<PremiumSettingResource[]> {
  const db = await getDb();
  const rows = await db.select().from(premiumSettings).orderBy(asc(premiumSettings.level));
  return rows.map((p) => ({
    id: p.id,
    name: locale === 'en' ? p.nameEn : p.namePl,
    level: p.level,
    price: toPln(p.price),
    promo: p.promo,
    promo_months: p.promoMonths,
    is_promo_active: p.isPromoActive,
    default: p.isDefault,
    image: p.imageUrl ? { url: p.imageUrl } : null,
    available_events: p.availableEvents,
    tech_support: p.techSupport,
    company_description: p.companyDescription,
    ask_questions: p.askQuestions,
    display_email: p.displayEmail,
    display_phone: p.displayPhone,
    images_count: p.imagesCount,
    movies_count: p.moviesCount,
    virtual_walk: p.virtualWalk,
    show_map: p.showMap,
    display_url: p.displayUrl,
    bonus_distance: p.bonusDistance,
    display_social: p.displaySocial,
    calendar_access: p.calendarAccess,
    answer_comments: p.answerComments,
    messenger_access: p.messengerAccess,
    durations: [...planDurations],
  }));
}

export async function getPaymentSettings({ locale }: { locale: Locale }): Promise<PaymentSettings> {
  const db = await getDb();
  const [packs, promos, [homeAd]] = await Promise.all([
    db.select().from(paymentSettings).orderBy(asc(paymentSettings.count)),
    db.select().from(pricePacks).orderBy(asc(pricePacks.days)),
    db.select().from(homeAdOffers).orderBy(asc(homeAdOffers.id)).limit(1),
  ]);
  return {
    packages: packs.map((p) => ({
      id: p.id,
      description: locale === 'en' ? p.descriptionEn : p.descriptionPl,
      price: toPln(p.price),
      count: p.count,
    })),
    price_packs: promos.map((p) => ({
      id: p.id,
      name: locale === 'en' ? p.nameEn : p.namePl,
      days: p.days,
      price: toPln(p.price),
    })),
    home_ad: { price: toPln(homeAd?.price ?? 0), days: homeAd?.days ?? 0 },
  };
}
