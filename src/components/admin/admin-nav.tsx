'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { splitLocalePath } from '@/lib/locale-path';

const links = [
  ['/admin', 'overview'],
  ['/admin/verification', 'verification'],
  ['/admin/reports', 'reports'],
  ['/admin/users', 'users'],
  ['/admin/catalogue', 'catalogue'],
  ['/admin/orders', 'orders'],
  ['/admin/audit', 'audit'],
] as const;

/** Whether a nav link stands for the page shown: the overview only on /admin, the others on their subpages too. */
function isCurrent(href: string, pathname: string): boolean {
  return href === '/admin' ? pathname === '/admin' : pathname === href || pathname.startsWith(`${href}/`);
}

/** The admin area's sections (issue 14), above every /admin page; wraps into rows on a phone. */
export function AdminNav() {
  const t = useTranslations('admin.nav');
  // The unprefixed path on both sides: the browser's has /en, the server's does not.
  const pathname = splitLocalePath(usePathname()).path.replace(/\/$/, '') || '/';
  return (
    <nav aria-label={t('label')} className="border-b border-slate-200 bg-slate-50">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-3 py-2 sm:px-4">
        {links.map(([href, key]) => {
          const current = isCurrent(href, pathname);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${
                  current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-white hover:text-brand-700'
                }`}
              >
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
