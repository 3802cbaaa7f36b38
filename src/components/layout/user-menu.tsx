'use client';

import { useTranslations } from 'next-intl';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { useDropdown } from '@/components/ui/dropdown';
import { ChevronDown, CircleUser } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';

/** One of the menu's links: where it goes and its label, chosen and worded by the top bar on the server. */
export type UserMenuLink = [href: string, label: string];

export function UserMenu({ name, links }: { name: string; links: UserMenuLink[] }) {
  const t = useTranslations('nav');
  const api = useApi();
  const router = useRouter();
  const menu = useDropdown();
  const close = () => menu.current?.removeAttribute('open');
  const logout = async () => {
    close();
    await api('/api/logout', { method: 'POST', overlay: true });
    router.push('/');
    router.refresh();
  };
  const item = 'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100';
  return (
    <details ref={menu} className="relative">
      {/* The name is the button's spoken name and its tooltip, not its text: a long company name would
          push the bar onto two lines. */}
      <summary
        title={name}
        className="flex h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center gap-0.5 rounded-full px-1.5 hover:bg-slate-100"
      >
        <CircleUser aria-hidden size={22} />
        <span className="sr-only">{t('account_named', { name })}</span>
        <ChevronDown aria-hidden size={14} className="hidden sm:block" />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {links.map(([href, label]) => (
          <Link key={href} href={href} className={item} onClick={close}>
            {label}
          </Link>
        ))}
        <button type="button" className={item} onClick={logout}>
          {t('logout')}
        </button>
      </div>
    </details>
  );
}
