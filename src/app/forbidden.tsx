import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

/** A signed-in visitor without the right role (the admin area): answered with 403. */
export default async function Forbidden() {
  const t = await getTranslations();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-600">403</p>
      <h1 className="mt-4 text-xl font-semibold">{t('403_message')}</h1>
      <Link
        href="/"
        className="mt-8 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        {t('common.back_home')}
      </Link>
    </section>
  );
}
