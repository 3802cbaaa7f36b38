import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { ProfileCompanyForm, ProfileUserForm } from '@/components/accounts/profile-forms';
import { PageCard } from '@/components/layout/page-card';
import type { Locale } from '@/lib/locale';
import { listCategories, listLanguages } from '@/server/categories/list-categories';
import { getCompanyFormData } from '@/server/users/company-form-data';
import { getUserResource } from '@/server/users/get-user';
import { orNull } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('profile'))('title') };
}

/** Spec §2 /profile: the company form for companies, the user form otherwise; anonymous to /. */
export default async function ProfilePage() {
  const user = await getPageUser();
  if (!user) redirect('/');
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('profile');
  if (user.role === 'company') {
    const [form, categories, languages] = await Promise.all([
      // A company whose places were all deleted has no company form to fill; it adds a place first.
      orNull(getCompanyFormData({ actor: user })),
      listCategories({ locale }),
      listLanguages({ locale }),
    ]);
    if (!form) {
      return (
        <PageCard title={t('title_company')}>
          <p>{t('no_place')}</p>
          <Link
            href="/account/create-place"
            className="mt-4 inline-block font-semibold text-brand-700 underline"
          >
            {t('add_place')}
          </Link>
        </PageCard>
      );
    }
    return (
      <PageCard title={t('title_company')} wide>
        <ProfileCompanyForm
          userId={user.id}
          initial={form.initial}
          limits={form.limits}
          categories={categories.map((c) => ({ id: c.id, name: c.name }))}
          languages={languages}
        />
      </PageCard>
    );
  }
  const me = await getUserResource({ userId: user.id, locale });
  return (
    <PageCard title={t('title')} wide>
      <ProfileUserForm
        userId={user.id}
        initial={{
          first_name: me.first_name ?? '',
          last_name: me.last_name ?? '',
          email: me.email,
          city: me.city ?? '',
          image: me.image?.url ?? null,
          mail_updates: me.mail_updates,
        }}
      />
    </PageCard>
  );
}
