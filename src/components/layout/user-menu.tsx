'use client';

import { useTranslations } from 'next-intl';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { useDropdown } from '@/components/ui/dropdown';
import { ChevronDown, CircleUser } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';

export function UserMenu({
  name,
  isCompany,
  isAdmin = false,
  showCalendar,
  placeId,
}: {
  name: string;
  isCompany: boolean;
  /** Admins get a way into /admin. */
  isAdmin?: boolean;
  showCalendar: boolean;
  /** The company's place: the top bar's icon for it is hidden on phones, so the menu carries it too. */
  placeId?: number | null;
}) {
  const t = useTranslations('nav');
  const tAdmin = useTranslations('admin');
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
        {showCalendar && (
          <Link href="/calendar" className={item} onClick={close}>
            {t('calendar')}
          </Link>
        )}
        {!isCompany && (
          <Link href="/favourite" className={item} onClick={close}>
            {t('favourites')}
          </Link>
        )}
        {!isCompany && !isAdmin && (
          <Link href="/tickets" className={item} onClick={close}>
            {t('tickets')}
          </Link>
        )}
        {isAdmin && (
          <Link href="/admin" className={item} onClick={close}>
            {tAdmin('menu_link')}
          </Link>
        )}
        <Link href="/profile" className={item} onClick={close}>
          {t('settings')}
        </Link>
        {isCompany && (
          <>
            {placeId && (
              <Link href={`/places/${placeId}`} className={item} onClick={close}>
                {t('company_profile')}
              </Link>
            )}
            <Link href="/account/places" className={item} onClick={close}>
              {t('my_places')}
            </Link>
            <Link href="/account/stats" className={item} onClick={close}>
              {t('stats')}
            </Link>
            <Link href="/premium" className={item} onClick={close}>
              {t('pro_packs')}
            </Link>
          </>
        )}
        <button type="button" className={item} onClick={logout}>
          {t('logout')}
        </button>
      </div>
    </details>
  );
}
