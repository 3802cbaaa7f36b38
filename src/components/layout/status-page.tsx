import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';

/** The 404 and 403 pages: the status, what it means, and the way home. */
export async function StatusPage({ code, message }: { code: number; message: string }) {
  const t = await getTranslations('common');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-600">{code}</p>
      <h1 className="mt-4 text-xl font-semibold">{message}</h1>
      <Link href="/" className={buttonClass({ className: 'mt-8 py-3' })}>
        {t('back_home')}
      </Link>
    </section>
  );
}
