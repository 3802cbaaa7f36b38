import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import { queryWhole, trimmed } from './fields';

/** The tabs of the company's list: not yet ended (soonest first) or ended (latest first). */
export const myEventsWhen = ['upcoming', 'past'] as const;
export type MyEventsWhen = (typeof myEventsWhen)[number];

/**
 * Issue 29 point 7: the query of the company's list, shared by /calendar and GET /api/event/get_mine
 * (12 a page, spec §9, unless `per_page` says otherwise). Blank fields are absent, so an empty search
 * box is no search.
 */
export const myEventsQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    trimmed(textMax.search).optional(),
  ),
  when: z.preprocess((v) => (v === '' ? undefined : v), z.enum(myEventsWhen).optional()),
  page: queryWhole(z.number().int().min(1).max(10_000)),
  per_page: queryWhole(z.number().int().min(1).max(100)),
});
export type MyEventsQuery = z.infer<typeof myEventsQuerySchema>;
