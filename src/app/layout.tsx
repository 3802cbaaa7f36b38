import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { LoadingOverlay } from '@/components/layout/loading-overlay';
import { SearchBar } from '@/components/layout/search-bar';
import { SearchRow } from '@/components/layout/search-toggle';
import { TopBar, type TopBarCounts } from '@/components/layout/top-bar';
import { type SearchBarValues, searchBarKeys } from '@/components/list/list-url';
import { Toaster } from '@/components/ui/toasts';
import { pickMessages } from '@/i18n/client-messages';
import clientNamespaces from '@/i18n/client-namespaces.json';
import type { Locale } from '@/lib/locale';
import { getCompanyNav } from '@/server/accounts/company-nav';
import type { AuthUser } from '@/server/auth/access-tokens';
import { listCategories } from '@/server/categories/list-categories';
import { countUnreadMessages } from '@/server/messages/count-unread';
import { listNotifications } from '@/server/notifications/list-notifications';
import { getPageUser } from '@/web/page-user';
import { pageSeo } from '@/web/seo-metadata';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale, url] = await Promise.all([
    getTranslations('meta'),
    getLocale(),
    headers().then((h) => h.get('x-portal-url') ?? '/'),
  ]);
  return {
    title: { default: t('title'), template: `%s · ${t('brand')}` },
    description: t('description'),
    // Canonical and hreflang links, or "noindex" for private pages (web/seo-metadata.ts).
    ...pageSeo(url, locale as Locale),
  };
}

/** The search bar's values from the URL being rendered (server.ts passes the request's path). */
async function searchBarValues() {
  const params = new URLSearchParams((await headers()).get('x-portal-url')?.split('?')[1] ?? '');
  const value = (key: string) => params.get(key)?.trim().slice(0, 200) ?? '';
  // The page cache keeps every page by these (src/web/page-cache.ts): read nothing else here.
  return Object.fromEntries(searchBarKeys.map((key) => [key, value(key)])) as SearchBarValues;
}

/**
 * The texts of the frame's client components (top bar, search bar, toasts); each page and its layout
 * hand their own client components theirs (src/i18n/client-messages.ts).
 */
const clientMessages = clientNamespaces['layout.tsx'];

/** The signed-in person's counts in the top bar: unread messages, notifications, a company's place. */
async function topBarCounts(user: AuthUser | null, locale: Locale): Promise<TopBarCounts> {
  const isCompany = user?.role === 'company';
  const [unread, notes, company] = await Promise.all([
    user ? countUnreadMessages({ userId: user.id }) : 0,
    user && !isCompany ? listNotifications({ userId: user.id, locale }) : null,
    user && isCompany ? getCompanyNav({ userId: user.id }) : null,
  ]);
  return { unread, notes, company };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4ed8' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('common');
  const [user, categories] = await Promise.all([getPageUser(), listCategories({ locale })]);
  const counts = await topBarCounts(user, locale);
  const searchCategories = categories.map((c) => ({ id: c.id, name: c.name }));
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col">
        <NextIntlClientProvider messages={pickMessages(await getMessages(), clientMessages)}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
          >
            {t('skip_to_content')}
          </a>
          <TopBar user={user} {...counts} />
          <SearchRow>
            <SearchBar categories={searchCategories} initial={await searchBarValues()} />
          </SearchRow>
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer signedIn={!!user} />
          <LoadingOverlay />
          <Toaster />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
