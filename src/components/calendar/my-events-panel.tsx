import { getLocale, getTranslations } from 'next-intl/server';
import { Pagination } from '@/components/list/pagination';
import { Button, buttonClass } from '@/components/ui/button';
import { Search } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { textMax } from '@/lib/form-limits';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { myEventsWhen } from '@/lib/schemas/my-events';
import type { MyEventsPage } from '@/server/events/my-events';
import { MyEvents } from './my-events';
import { type MyEventsState, myEventsHref } from './my-events-url';

const listAnchor = '#my-events';

/**
 * Issue 29 point 7: the company's events on /calendar, a page at a time, with a search by name or place
 * (a GET form, so it works without JavaScript) and the upcoming/past tabs as plain links; all of it is
 * in the address, so a link or a reload shows the same page, and the form's `?edit=` stays with it.
 */
export async function MyEventsPanel({
  result,
  state,
  editingId,
  now,
}: {
  result: MyEventsPage;
  state: MyEventsState;
  editingId: number | null;
  now: number;
}) {
  const t = await getTranslations('calendar');
  const headingId = 'my-events-heading';
  const searchId = 'my-events-q';
  const withState = (change: Partial<MyEventsState>) => myEventsHref({ ...state, ...change }, listAnchor);
  const anyEvents = result.counts.upcoming + result.counts.past > 0;
  const empty = state.q
    ? t('mine_no_match', { q: state.q })
    : !anyEvents
      ? t('mine_empty')
      : t(state.when === 'past' ? 'mine_empty_past' : 'mine_empty_upcoming');
  return (
    <section id="my-events" aria-labelledby={headingId} className="scroll-mt-32">
      <h2 id={headingId} tabIndex={-1} className="mb-4 text-xl font-semibold">
        {t('mine_title')}
      </h2>

      <search className="mb-4">
        <form
          method="get"
          action={localeHref('/calendar', (await getLocale()) as Locale)}
          className="flex flex-wrap gap-2"
        >
          <label htmlFor={searchId} className="sr-only">
            {t('search_label')}
          </label>
          <input
            id={searchId}
            name="q"
            type="search"
            defaultValue={state.q ?? ''}
            maxLength={textMax.search}
            placeholder={t('search_placeholder')}
            className="h-11 min-w-0 flex-1 basis-48 rounded-lg border border-slate-300 bg-white px-3"
          />
          {state.when !== 'upcoming' && <input type="hidden" name="when" value={state.when} />}
          {state.edit !== undefined && <input type="hidden" name="edit" value={state.edit} />}
          <Button type="submit">
            <Search aria-hidden size={18} />
            {t('search_submit')}
          </Button>
          {state.q && (
            <Link
              href={withState({ q: undefined, page: 1 })}
              className={buttonClass({ variant: 'secondary' })}
            >
              {t('search_clear')}
            </Link>
          )}
        </form>
      </search>

      <nav aria-label={t('tabs_label')} className="mb-4 border-b border-slate-200">
        <ul className="-mb-px flex gap-1">
          {myEventsWhen.map((when) => {
            const current = state.when === when;
            return (
              <li key={when}>
                <Link
                  href={withState({ when, page: 1 })}
                  aria-current={current ? 'page' : undefined}
                  className={`flex min-h-11 items-center gap-2 border-b-2 px-4 font-medium ${
                    current
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                  }`}
                >
                  {t(when === 'past' ? 'tab_past' : 'tab_upcoming')}
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    <span className="sr-only">(</span>
                    {result.counts[when]}
                    <span className="sr-only">)</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {result.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {empty}
        </p>
      ) : (
        <>
          <MyEvents
            headingId={headingId}
            editingId={editingId}
            listHref={myEventsHref({ ...state, edit: undefined })}
            events={result.data.map((e) => ({
              id: e.id,
              name: e.name,
              when: formatDateTime(e.start_date),
              start_date: e.start_date,
              place: [e.place_name, e.city].filter(Boolean).join(', '),
              ended: new Date(e.end_date).getTime() < now,
              creationBack: e.creation_back,
              editHref: myEventsHref({ ...state, edit: e.id }),
            }))}
          />
          {result.last_page > 1 && (
            <div className="mt-6">
              <Pagination
                label={t('pages_label')}
                current={result.current_page}
                last={result.last_page}
                href={(page) => withState({ page })}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
