import { translate } from '@/i18n/translate';
import { locales } from '@/lib/locale';
import { EmbedButton } from './embed-button';
import type { EmbedTarget, FrameTitles } from './embed-panel';

/**
 * The Embed button of the place page and /list. The iframe snippet's title is in the widget's language,
 * which may not be the page's: both come from here (the page's own messages hold only its language).
 */
export function EmbedWidget({ target }: { target: EmbedTarget }) {
  const frameTitles = Object.fromEntries(
    locales.map((locale) => [locale, translate(locale, 'widget.frame_title')]),
  ) as FrameTitles;
  return <EmbedButton target={target} frameTitles={frameTitles} />;
}
