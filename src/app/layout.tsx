import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Toaster } from 'sonner';
import { Footer } from '@/components/layout/footer';
import { LoadingOverlay } from '@/components/layout/loading-overlay';
import { SearchBar, SearchBarForm } from '@/components/layout/search-bar';
import { TopBar } from '@/components/layout/top-bar';
import type { Locale } from '@/lib/locale';
import { getPageUser } from '@/server/auth/current-user';
import { listCategories } from '@/server/categories/list-categories';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return {
    title: { default: t('title'), template: `%s · ${t('brand')}` },
    description: t('description'),
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4ed8' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('common');
  const [user, categories] = await Promise.all([getPageUser(), listCategories({ locale })]);
  const searchCategories = categories.map((c) => ({ id: c.id, name: c.name }));
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col">
        <NextIntlClientProvider>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
          >
            {t('skip_to_content')}
          </a>
          <TopBar user={user} />
          <div className="border-b border-slate-200 bg-white">
            <Suspense fallback={<SearchBarForm categories={searchCategories} />}>
              <SearchBar categories={searchCategories} />
            </Suspense>
          </div>
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer signedIn={!!user} />
          <LoadingOverlay />
          <Toaster richColors position="top-right" closeButton />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
