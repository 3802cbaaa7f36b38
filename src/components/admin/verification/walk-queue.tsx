import { getTranslations } from 'next-intl/server';
import { ExternalLink } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { apiUrl } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { VerificationWalk } from '@/lib/schemas/admin-verification';
import { PublicPageLink } from './public-page-link';
import { VerificationActions } from './verification-actions';

const term = 'font-semibold text-slate-600';

/** The virtual walks waiting for verification: the link (opened in a new tab), what it belongs to, the decision. */
export async function WalkQueue({ walks }: { walks: VerificationWalk[] }) {
  const t = await getTranslations('admin_verification');
  return (
    <ul className="grid gap-4">
      {walks.map((w) => {
        const key = `${w.kind}-${w.id}`;
        return (
          <li key={key}>
            <article
              aria-labelledby={`verify-walk-${key}`}
              className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-[1fr_auto] md:p-5"
            >
              <div className="grid min-w-0 gap-2">
                <p className="text-sm font-semibold text-slate-600">
                  {t(w.kind === 'event' ? 'kind_event' : 'kind_place')}
                </p>
                <h3 id={`verify-walk-${key}`} className="text-lg font-semibold break-words">
                  {w.name}
                </h3>
                <p className="min-w-0 break-all">
                  <a
                    href={w.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('walk_link_named', { name: w.name })}
                    className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
                  >
                    {t('walk_link')}
                    <ExternalLink aria-hidden size={16} className="shrink-0" />
                  </a>
                  <span className="mt-1 block text-sm text-slate-700">{w.url}</span>
                </p>
                <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  {w.kind === 'event' && (
                    <>
                      <dt className={term}>{t('at_place')}</dt>
                      <dd className="min-w-0 break-words">
                        <Link href={`/places/${w.place.id}`} className="text-brand-700 underline">
                          {w.place.name}
                        </Link>
                      </dd>
                    </>
                  )}
                  <dt className={term}>{t('owner')}</dt>
                  <dd className="min-w-0 break-words">
                    {w.owner.name} <span className="break-all text-slate-600">({w.owner.email})</span>
                  </dd>
                  <dt className={term}>{t('added')}</dt>
                  <dd>
                    <time dateTime={w.created_at}>{formatDateTime(w.created_at)}</time>
                  </dd>
                </dl>
                <PublicPageLink href={w.page} name={w.name} />
              </div>
              <div className="md:w-80">
                <VerificationActions
                  name={w.name}
                  verifyUrl={apiUrl('/api/admin/walk/{kind}/{id}/verify', {
                    params: { kind: w.kind, id: w.id },
                  })}
                  rejectUrl={apiUrl('/api/admin/walk/{kind}/{id}/reject', {
                    params: { kind: w.kind, id: w.id },
                  })}
                />
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
