import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';

/** The public page of a queued place or event, named for screen readers. */
export async function PublicPageLink({ href, name }: { href: string; name: string }) {
  const t = await getTranslations('admin_verification');
  return (
    <p>
      <Link
        href={href}
        aria-label={t('public_page_named', { name })}
        className="font-semibold text-brand-700 underline"
      >
        {t('public_page')}
      </Link>
    </p>
  );
}
