import type { Locale } from '@/lib/locale';

/** Which event or place page is read, in which language, for whom (null: nobody signed in). */
export interface DetailRequest {
  id: number;
  locale: Locale;
  viewerId?: number | null;
  /**
   * The moment the page is reckoned at (a series' next dates, a place's open state and upcoming events):
   * a test's clock, which also bypasses the kept record.
   */
  now?: Date;
}
