import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export default async function NotFound() {
  const t = await getTranslations();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-600">404</p>
      <h1 className="mt-4 text-xl font-semibold">{t('404_message')}</h1>
      <Link
        href="/"
        className="mt-8 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        {t('common.back_home')}
      </Link>
    </section>
  );
}
