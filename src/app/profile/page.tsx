import { getLocale, getTranslations } from 'next-intl/server';
import { ProfileCompanyForm, ProfileUserForm } from '@/components/accounts/profile-forms';
import { PageCard } from '@/components/layout/page-card';
import { CompanyOrders } from '@/components/payments/company-orders';
import { ProfileBilling } from '@/components/payments/profile-billing';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import type { Locale } from '@/lib/locale';
import { getCompanyFormData } from '@/server/accounts/company-form-data';
import { getUserResource } from '@/server/accounts/get-user';
import { getBilling } from '@/server/billing/get-billing';
import { listCategories, listLanguages } from '@/server/categories/list-categories';
import { listCompanyOrders } from '@/server/payments/list-orders';
import { getPaymentSettings } from '@/server/plans/list-plans';
import { redirectTo } from '@/web/locale-redirect';
import { orNull } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('profile.title');

type Props = { searchParams: Promise<{ orders_page?: string | string[] }> };

/** The orders page asked for by `?orders_page=` (1 when missing or not a page number). */
function ordersPage(raw: string | string[] | undefined): number {
  return typeof raw === 'string' && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
}

/** A company's orders, a page at a time; a page past the end shows the last one. */
async function companyOrders(companyId: number, locale: Locale, page: number) {
  const orders = await listCompanyOrders({ companyId, locale, query: { page } });
  if (orders.data.length > 0 || page === 1 || orders.total === 0) return orders;
  return listCompanyOrders({ companyId, locale, query: { page: orders.last_page } });
}

/**
 * Spec §2 /profile: the company form for companies, with their plan and orders below it; the user form
 * otherwise; both with the billing data for invoices (issue 27); anonymous to /.
 */
export default async function ProfilePage({ searchParams }: Props) {
  const user = await getPageUser();
  if (!user) return redirectTo('/');
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('profile');
  if (user.role === 'company') {
    const [form, categories, languages, me, orders, payments, billing] = await Promise.all([
      // A company whose places were all deleted has no company form to fill; it adds a place first.
      orNull(getCompanyFormData({ actor: user })),
      listCategories({ locale }),
      listLanguages({ locale }),
      getUserResource({ userId: user.id, locale }),
      searchParams.then((q) => companyOrders(user.id, locale, ordersPage(q.orders_page))),
      getPaymentSettings({ locale }),
      getBilling({ actor: user }),
    ]);
    if (!form) {
      return (
        <>
          <PageCard title={t('title_company')}>
            <p>{t('no_place')}</p>
            <Link
              href="/account/create-place"
              className="mt-4 inline-block font-semibold text-brand-700 underline"
            >
              {t('add_place')}
            </Link>
          </PageCard>
          <ProfileBilling initial={billing} defaultKind="company" />
          <CompanyOrders me={me} orders={orders} />
        </>
      );
    }
    return (
      <>
        <PageCard title={t('title_company')} wide>
          <ProfileCompanyForm
            userId={user.id}
            initial={form.initial}
            limits={form.limits}
            categories={categories.map((c) => ({ id: c.id, name: c.name }))}
            languages={languages}
            homeAd={payments.home_ad}
          />
        </PageCard>
        <ProfileBilling initial={billing} defaultKind="company" />
        <CompanyOrders me={me} orders={orders} />
      </>
    );
  }
  // Admins buy nothing, so they have no billing data.
  const buyer = user.role !== 'admin';
  const [me, billing] = await Promise.all([
    getUserResource({ userId: user.id, locale }),
    buyer ? getBilling({ actor: user }) : null,
  ]);
  return (
    <>
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
            has_password: me.has_password,
          }}
        />
      </PageCard>
      {buyer && <ProfileBilling initial={billing} defaultKind="private" />}
    </>
  );
}
