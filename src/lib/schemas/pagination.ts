import { z } from 'zod';
import { queryWhole } from './fields';

/** Spec §7: lists are paged 12 at a time unless the client asks for another size. */
export const PER_PAGE = 12;

/**
 * Deep pages are refused: an offset walks and throws away every row before the page, so page ×
 * per_page is capped at the window in which totals are exact (DESIGN.md: up to 10,000). Lists never
 * offer a page past it (`lastPage`); narrowing the search reaches the rest.
 */
const maxResultWindow = 10_000;

/**
 * Searches count their matches only this far (decision 36): beyond it `total` is this number and
 * `total_exact` is false, so a broad search stops counting after 10,001 rows instead of walking all of them.
 */
export const countCap = maxResultWindow;

/** The paging fields of a list's query: `limit` asks for the first n rows only, without pages. */
export const pageQueryFields = {
  limit: queryWhole(z.number().int().min(1).max(100)),
  page: queryWhole(z.number().int().min(1).max(10_000)),
  per_page: queryWhole(z.number().int().min(1).max(100)),
};

export interface PageQuery {
  limit?: number;
  page?: number;
  per_page?: number;
}

/** The query's check that the page lies inside the result window (add it to the query's superRefine). */
export function checkResultWindow(q: PageQuery, ctx: z.RefinementCtx) {
  if (q.limit !== undefined || q.page === undefined) return;
  const maxPage = Math.floor(maxResultWindow / (q.per_page ?? PER_PAGE));
  if (q.page > maxPage) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: maxPage,
      inclusive: true,
      input: q.page,
      path: ['page'],
      message: `page × per_page may be at most ${maxResultWindow}`,
    });
  }
}

/** The page a query asks for and its size. */
export function pageOf(q: PageQuery): { page: number; perPage: number } {
  const perPage = q.limit ?? q.per_page ?? PER_PAGE;
  return { perPage, page: q.limit ? 1 : (q.page ?? 1) };
}

/** The last page a list may link to: the end of the results or of the window, whichever comes first. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.min(Math.ceil(total / perPage), Math.floor(maxResultWindow / perPage)));
}

/** The one envelope of every paged list (Laravel's). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.int(),
    last_page: z.int(),
    per_page: z.int(),
    total: z.int(),
    /** False when `total` is a lower bound: there are more matches than `countCap`. */
    total_exact: z.boolean(),
  });

export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  total_exact: boolean;
}

/**
 * A page of rows in the envelope, for the query that asked for it. `total` counts every match, or, for
 * a search counted up to `countCap` + 1 rows (`capped`), is `countCap` marked as a lower bound.
 */
export function toPage<T>(rows: T[], total: number, q: PageQuery, { capped = false } = {}): Page<T> {
  const { page, perPage } = pageOf(q);
  const exact = !capped || total <= countCap;
  const shown = exact ? total : countCap;
  return {
    data: rows,
    current_page: page,
    last_page: lastPage(shown, perPage),
    per_page: perPage,
    total: shown,
    total_exact: exact,
  };
}
