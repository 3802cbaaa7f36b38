import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locale';

/**
 * Issue 31: said out loud when a text is not in the page's language: "Tylko po polsku" / "Only in Polish" beside
 * it. Nothing when the text is in the page's language.
 */
export async function OnlyInNote({
  lang,
  pageLocale,
  className = 'mt-1 text-sm text-slate-600',
}: {
  lang: Locale | null | undefined;
  pageLocale: string;
  className?: string;
}) {
  if (!lang || lang === pageLocale) return null;
  const t = await getTranslations('content');
  return (
    <p className={className} data-only-in={lang}>
      {t(`only_in.${lang}`)}
    </p>
  );
}
