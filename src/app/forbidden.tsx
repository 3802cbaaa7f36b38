import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/components/layout/status-page';

/** A signed-in visitor without the right role (the admin area): answered with 403. */
export default async function Forbidden() {
  const t = await getTranslations();
  return <StatusPage code={403} message={t('403_message')} />;
}
