import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { Dropdown } from '@/components/ui/dropdown';
import { CalendarDays, Heart, Menu, Plus, Store } from '@/components/ui/icons';
import type { Locale } from '@/lib/locale';
import type { AuthUser } from '@/server/auth/access-tokens';
import { countUnreadMessages } from '@/server/messages/count-unread';
import { listNotifications } from '@/server/notifications/list-notifications';
import { getCompanyNav } from '@/server/users/company-nav';
import { IconLink } from './icon-link';
import { LanguageSwitch } from './language-switch';
import { MessagesLink, NotificationsBell, UserMenu } from './signed-in-controls';

/** A company's way to the event form: in the bar from 1024 px up, in a strip under it below. */
function AddEventLink({ label, className }: { label: string; className: string }) {
  return (
    <Link href="/calendar#add-event" className={className}>
      <Plus aria-hidden size={16} />
      {label}
    </Link>
  );
}

/** Spec §2 top bar, in its anonymous, attendee and company variants. */
export async function TopBar({ user }: { user: AuthUser | null }) {
  const t = await getTranslations('nav');
  const locale = (await getLocale()) as Locale;
  const isCompany = user?.role === 'company';
  const [unread, notes, company] = await Promise.all([
    user ? countUnreadMessages({ userId: user.id }) : 0,
    user && !isCompany ? listNotifications({ userId: user.id, locale }) : null,
    isCompany && user ? getCompanyNav({ userId: user.id }) : null,
  ]);
  const showCalendar = !!user && (!isCompany || company?.calendarOpen !== false);
  const links = [
    ['/', t('home')],
    ['/list#event_type', t('events')],
    ['/list', t('places')],
    ['/how-it-works', t('how_it_works')],
    ['/premium', t('premium')],
  ] as const;
  const displayName = user
    ? (isCompany ? user.companyName : [user.firstName, user.lastName].filter(Boolean).join(' ')) || user.email
    : '';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <Dropdown className="relative md:hidden">
          <summary
            className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-full hover:bg-slate-100"
            aria-label={t('menu')}
          >
            <Menu aria-hidden size={22} />
          </summary>
          <nav
            aria-label={t('menu')}
            className="absolute left-0 z-50 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {links.map(([href, label]) => (
              <Link key={href} href={href} className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100">
                {label}
              </Link>
            ))}
          </nav>
        </Dropdown>
        <Link href="/" className="flex items-center gap-2 font-extrabold text-brand-700">
          <span
            aria-hidden
            className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-sm text-white"
          >
            WM
          </span>
          <span className="hidden sm:inline">{t('brand')}</span>
          <span className="sr-only sm:hidden">{t('brand')}</span>
        </Link>
        <nav aria-label={t('main')} className="ml-4 hidden items-center gap-1 md:flex">
          {links.map(([href, label]) => (
            <Link
              key={href}
              href={href}
              className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          {isCompany && (
            <AddEventLink
              label={t('add_event')}
              className="hidden items-center gap-1 rounded-lg bg-accent-500 px-3 py-2 text-sm font-semibold text-white hover:bg-orange-800 lg:flex"
            />
          )}
          {isCompany && company?.placeId && (
            <IconLink href={`/places/${company.placeId}`} label={t('company_profile')} wideOnly>
              <Store aria-hidden size={20} />
            </IconLink>
          )}
          {user && <MessagesLink unread={unread} />}
          {user && !isCompany && (
            <IconLink href="/favourite" label={t('favourites')} wideOnly>
              <Heart aria-hidden size={20} />
            </IconLink>
          )}
          {showCalendar && (
            <IconLink href="/calendar" label={t('calendar')} wideOnly>
              <CalendarDays aria-hidden size={20} />
            </IconLink>
          )}
          {notes && <NotificationsBell items={notes.data} total={notes.total} />}
          <LanguageSwitch />
          {user ? (
            <UserMenu
              name={displayName}
              isCompany={isCompany}
              isAdmin={user.role === 'admin'}
              showCalendar={showCalendar}
              placeId={company?.placeId}
            />
          ) : (
            <Link
              href="/login"
              className="ml-1 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t('login')}
            </Link>
          )}
        </div>
      </div>
      {isCompany && (
        <div className="border-t border-slate-100 px-3 py-2 lg:hidden">
          <AddEventLink
            label={t('add_event')}
            className="flex items-center justify-center gap-1 rounded-lg bg-accent-500 px-3 py-2 text-sm font-semibold text-white"
          />
        </div>
      )}
    </header>
  );
}
