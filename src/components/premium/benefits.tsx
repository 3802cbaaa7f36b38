import { useTranslations } from 'next-intl';
import { Eye, Images, MessageCircle, Presentation, type StaticIcon } from '@/components/ui/icons';

const blocks: { key: 'visibility' | 'carousel' | 'media' | 'messages'; Icon: StaticIcon }[] = [
  { key: 'visibility', Icon: Eye },
  { key: 'carousel', Icon: Presentation },
  { key: 'media', Icon: Images },
  { key: 'messages', Icon: MessageCircle },
];

/** Spec §2: why an organiser should go PRO, in four short blocks. */
export function Benefits() {
  const t = useTranslations('premium');
  return (
    <section aria-labelledby="premium-benefits">
      <h2 id="premium-benefits" className="mb-4 text-2xl font-bold">
        {t('benefits_title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {blocks.map(({ key, Icon }) => (
          <li key={key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="mb-3 inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon aria-hidden size={22} />
            </span>
            <h3 className="text-lg font-semibold">{t(`benefits.${key}_title`)}</h3>
            <p className="mt-1 text-slate-700">{t(`benefits.${key}_text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
