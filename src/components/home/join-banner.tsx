import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';

/** Spec §1/§2: for visitors without an account, an invitation to a user or a business account. */
export async function JoinBanner() {
  const t = await getTranslations('home');
  return (
    <section aria-labelledby="home-join" className="mx-auto mt-16 max-w-6xl px-4">
      <div className="grid gap-6 rounded-2xl bg-slate-900 p-6 text-white sm:p-8 md:grid-cols-2">
        <div>
          <h2 id="home-join" className="text-2xl font-bold">
            {t('join_title')}
          </h2>
          <p className="mt-2 text-slate-300">{t('join_text')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3 md:justify-end">
          <Link
            href="/register"
            className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-100"
          >
            {t('join_user')}
          </Link>
          <Link
            href="/register#organiser"
            className="rounded-lg bg-accent-500 px-5 py-3 font-semibold text-white hover:bg-orange-800"
          >
            {t('join_company')}
          </Link>
        </div>
      </div>
    </section>
  );
}
