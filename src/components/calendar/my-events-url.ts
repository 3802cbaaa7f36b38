import type { MyEventsWhen } from '@/lib/schemas/my-events';

/** What the company's list on /calendar keeps in its address (issue 29): search, tab, page and the form. */
export interface MyEventsState {
  q?: string;
  when: MyEventsWhen;
  page: number;
  /** The event the form edits (`?edit=`), kept while the list moves. */
  edit?: number;
}

/** `/calendar` with the list's state; defaults (upcoming, page 1, no search) are left out. */
export function myEventsHref(state: MyEventsState, hash = ''): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.when !== 'upcoming') params.set('when', state.when);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.edit !== undefined) params.set('edit', String(state.edit));
  const query = params.toString();
  return `/calendar${query ? `?${query}` : ''}${hash}`;
}
