import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewsletterConfirm } from '@/components/home/newsletter-confirm';
import { PageCard } from '@/components/layout/page-card';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('newsletter_page');
  return { title: t('title'), robots: { index: false } };
}

/** The link from the newsletter confirmation mail (double opt-in). */
export default async function NewsletterConfirmPage({ params }: { params: Promise<{ token: string }> }) {
  const t = await getTranslations('newsletter_page');
  return (
    <PageCard title={t('title')}>
      <NewsletterConfirm token={(await params).token} />
    </PageCard>
  );
}
