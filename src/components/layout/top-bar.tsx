import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { Dropdown } from '@/components/ui/dropdown';
import { CalendarDays, Heart, Menu, Plus, Store } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { NotificationList } from '@/lib/schemas/catalogue-responses';
import type { AuthUser } from '@/server/auth/access-tokens';
import { IconLink } from './icon-link';
import { LanguageSwitch } from './language-switch';
import { SearchButton } from './search-toggle';
import { MessagesLink, NotificationsBell, UserMenu } from './signed-in-controls';
import type { UserMenuLink } from './user-menu';

/**
 * The account menu's links, chosen here so the browser gets only the links and not the rules: the calendar
 * unless a plan hides it; favourites for attendees and admins, tickets for attendees (issue 33); /admin for
 * admins; the company's place (its top-bar icon is hidden on phones), places, statistics and packs for
 * companies.
 */
async function userMenuLinks(
  user: AuthUser,
  showCalendar: boolean,
  placeId: number | null | undefined,
): Promise<UserMenuLink[]> {
  const [t, tAdmin] = await Promise.all([getTranslations('nav'), getTranslations('admin')]);
  const company = user.role === 'company';
  const links: (UserMenuLink | false | null | undefined | 0)[] = [
    showCalendar && ['/calendar', t('calendar')],
    !company && ['/favourite', t('favourites')],
    user.role === 'user' && ['/tickets', t('tickets')],
    user.role === 'admin' && ['/admin', tAdmin('menu_link')],
    ['/profile', t('settings')],
    company && placeId && [`/places/${placeId}`, t('company_profile')],
    company && ['/account/places', t('my_places')],
    company && ['/account/stats', t('stats')],
    company && ['/premium', t('pro_packs')],
  ];
  return links.filter((link): link is UserMenuLink => Array.isArray(link));
}

/**
 * A company's way to the event form: a "+" in the bar on narrow screens, the labelled button from
 * 1280 px up. One link either way, named by its label, so it never needs a row of its own.
 */
function AddEventLink({ label }: { label: string }) {
  return (
    <Link
      href="/calendar#add-event"
      aria-label={label}
      className="flex h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-full bg-accent-500 font-semibold text-sm whitespace-nowrap text-white hover:bg-orange-800 lg:rounded-lg lg:px-3"
    >
      <Plus aria-hidden size={18} />
      <span className="hidden lg:inline">{label}</span>
    </Link>
  );
}

/** What the top bar shows of the signed-in person: the layout reads it (app/layout.tsx). */
export interface TopBarCounts {
  unread: number;
  /** An attendee's or admin's latest notifications. */
  notes: NotificationList | null;
  /** A company's place and whether its plan opens the calendar. */
  company: { placeId: number | null; calendarOpen: boolean } | null;
}

/** Spec §2 top bar, in its anonymous, attendee and company variants. */
export async function TopBar({ user, unread, notes, company }: { user: AuthUser | null } & TopBarCounts) {
  const t = await getTranslations('nav');
  const isCompany = user?.role === 'company';
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

  // One line at every width (issue 18): the main links sit in the menu below 1280 px, and the icons that
  // repeat an account menu entry (favourites, calendar, company profile) show from 600 px up.
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 sm:px-4">
        <Dropdown className="relative lg:hidden">
          <summary
            className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-slate-100"
            aria-label={t('menu')}
          >
            <Menu aria-hidden size={22} />
          </summary>
          <nav
            aria-label={t('menu')}
            className="absolute left-0 z-50 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {links.map(([href, label]) => (
              <Link
                key={href}
                href={href}
                className="block rounded-md px-3 py-2.5 text-sm hover:bg-slate-100"
              >
                {label}
              </Link>
            ))}
          </nav>
        </Dropdown>
        <Link
          href="/"
          aria-label={t('brand')}
          className="flex h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-lg font-extrabold whitespace-nowrap text-brand-700"
        >
          <span
            aria-hidden
            className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-sm text-white"
          >
            WM
          </span>
          <span className="hidden sm:inline">{t('brand')}</span>
        </Link>
        {/* The logo leads home, so the home link is only in the menu. */}
        <nav aria-label={t('main')} className="ml-2 hidden items-center lg:flex">
          {links.slice(1).map(([href, label]) => (
            <Link
              key={href}
              href={href}
              className="flex h-11 shrink-0 items-center rounded-md px-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100"
            >
              {label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <SearchButton />
          {isCompany && <AddEventLink label={t('add_event')} />}
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
            <UserMenu name={displayName} links={await userMenuLinks(user, showCalendar, company?.placeId)} />
          ) : (
            <Link
              href="/login"
              className={buttonClass({ size: 'compact', className: 'shrink-0 whitespace-nowrap' })}
            >
              {t('login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
