/**
 * The spec's business constants and limits (portal-spec.md §9), each written once. Pages, forms, the API
 * and the domain read them from here; a number of §9 found anywhere else is a copy to remove.
 * The results per page (12) live with the rest of paging in `schemas/pagination.ts`.
 */

/** "Image max 2 MB". */
export const maxImageBytes = 2 * 1024 * 1024;

/** "password min 8". */
export const minPasswordLength = 8;

/** "Price filter 1 to 99999" (złoty); also the highest price an event may ask. */
export const maxPrice = 99999;

/** "distance options 0, 5, 10, 15, 20, 25, 50, 100, 150, 200 km (0 shown blank)". */
export const distanceOptions = [0, 5, 10, 15, 20, 25, 50, 100, 150, 200] as const;

/** "Home lists: promoted 5 (carousel max 10), newest 20, popular 8, latest places 8, nearby 20". */
export const homeLists = {
  promoted: 5,
  promotedMax: 10,
  newestEvents: 20,
  popularEvents: 8,
  latestPlaces: 8,
  nearbyEvents: 20,
} as const;

/** "nearby carousel 4 per slide, advance every 5000 ms" (the promoted carousel turns at the same pace). */
export const nearbyPerSlide = 4;
export const carouselIntervalMs = 5000;

/** "Places slider 5 items, autoplay 3 s". */
export const placesSliderIntervalMs = 3000;

/** "Notifications shown: at most 6". */
export const notificationsShown = 6;

/** "Event form limits: 100 photos and 100 videos; event page shows up to 100 images and videos". */
export const maxEventImages = 100;
export const maxEventMovies = 100;

/** "registered within promo_months (default 6) months": a plan's promotion window when it sets none. */
export const defaultPromoMonths = 6;

/** "Plan durations 1, 2, 3, 6 months". */
export const planDurations = [1, 2, 3, 6] as const;

/** "Stars out of 5". */
export const maxStars = 5;
