import { getTranslations } from 'next-intl/server';
import { apiUrl } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { VerificationPlace } from '@/lib/schemas/admin-verification';
import { PublicPageLink } from './public-page-link';
import { VerificationActions } from './verification-actions';

const term = 'font-semibold text-slate-600';

/** The places waiting for verification as cards: the public page's data, the owner, and the decision. */
export async function PlaceQueue({ places }: { places: VerificationPlace[] }) {
  const t = await getTranslations('admin_verification');
  const none = <span className="text-slate-500">{t('none')}</span>;
  return (
    <ul className="grid gap-4">
      {places.map((p) => (
        <li key={p.id}>
          <article
            aria-labelledby={`verify-place-${p.id}`}
            className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-[1fr_auto] md:p-5"
          >
            <div className="grid min-w-0 gap-2">
              <h3 id={`verify-place-${p.id}`} className="text-lg font-semibold break-words">
                {p.name}
              </h3>
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className={term}>{t('owner')}</dt>
                <dd className="min-w-0 break-words">
                  {p.owner.name} <span className="break-all text-slate-600">({p.owner.email})</span>
                </dd>
                <dt className={term}>{t('address')}</dt>
                <dd className="min-w-0 break-words">
                  {p.street}, {p.postcode} {p.city}
                </dd>
                <dt className={term}>{t('phone')}</dt>
                <dd className="min-w-0 break-words">{p.phone || none}</dd>
                <dt className={term}>{t('website')}</dt>
                <dd className="min-w-0 break-all">
                  {p.url ? (
                    <a
                      href={p.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="text-brand-700 underline"
                    >
                      {p.url}
                    </a>
                  ) : (
                    none
                  )}
                </dd>
                <dt className={term}>{t('categories')}</dt>
                <dd className="min-w-0 break-words">
                  {p.categories.length ? p.categories.map((c) => c.name).join(', ') : none}
                </dd>
                <dt className={term}>{t('added')}</dt>
                <dd>
                  <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
                </dd>
                <dt className={term}>{t('description')}</dt>
                <dd className="min-w-0 break-words text-slate-800">{p.description || none}</dd>
              </dl>
              <PublicPageLink href={p.page} name={p.name} />
            </div>
            <div className="md:w-80">
              <VerificationActions
                name={p.name}
                verifyUrl={apiUrl('/api/admin/place/{id}/verify', { params: { id: p.id } })}
                rejectUrl={apiUrl('/api/admin/place/{id}/reject', { params: { id: p.id } })}
              />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
