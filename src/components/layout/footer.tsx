import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';

export async function Footer({ signedIn }: { signedIn: boolean }) {
  const t = await getTranslations('footer');
  const legal = [
    ['/how-it-works', t('how_it_works')],
    ['/about-us', t('about_us')],
    ['/rule', t('regulations')],
    ['/privacy', t('privacy')],
    ['/contact', t('contact')],
  ] as const;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{t('brand')}</p>
          <p className="mt-2 text-sm text-slate-400">{t('tagline')}</p>
        </div>
        <nav aria-label={t('legal')}>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-400">{t('legal')}</h2>
          <ul className="space-y-1">
            {legal.map(([href, label]) => (
              <li key={href}>
                <Link href={href} className="hover:text-white hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {!signedIn && (
          <nav aria-label={t('join')}>
            <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-400">{t('join')}</h2>
            <ul className="space-y-1">
              <li>
                <Link href="/register" className="hover:text-white hover:underline">
                  {t('register_user')}
                </Link>
              </li>
              <li>
                <Link href="/register#organiser" className="hover:text-white hover:underline">
                  {t('register_organiser')}
                </Link>
              </li>
            </ul>
          </nav>
        )}
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t('copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
