import { getTranslations } from 'next-intl/server';
import { FacebookIcon, XIcon } from '@/components/detail/brand-icons';
import { external } from '@/components/detail/detail-parts';
import { ClickHit } from '@/components/stats/hit-wrappers';
import { CopyLink } from '@/components/ui/copy-link';
import { Mail, Share2 } from '@/components/ui/icons';
import { ActionMenu, menuItem } from './action-menu';

/**
 * The event's share links behind one button of the action row (issue 18), plain URLs that load nothing
 * from the networks until followed, as on the place page. Each use counts as a share (issue 28).
 */
export async function EventShare({ eventId, url, name }: { eventId: number; url: string; name: string }) {
  const t = await getTranslations('place_page');
  const tEvent = await getTranslations('event_page');
  const u = encodeURIComponent(url);
  const subject = encodeURIComponent(tEvent('share_email_subject', { name }));
  return (
    <ActionMenu text={t('share')} textOnWide icon={<Share2 aria-hidden size={18} />}>
      <ClickHit subject="event" id={eventId} measure="share">
        <a href={`https://www.facebook.com/sharer/sharer.php?u=${u}`} className={menuItem} {...external}>
          <FacebookIcon />
          {t('share_facebook')}
          <span className="sr-only"> {t('new_tab')}</span>
        </a>
        <a
          href={`https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(name)}`}
          className={menuItem}
          {...external}
        >
          <XIcon />
          {t('share_x')}
          <span className="sr-only"> {t('new_tab')}</span>
        </a>
        <a href={`mailto:?subject=${subject}&body=${u}`} className={menuItem}>
          <Mail aria-hidden size={18} />
          {t('share_email')}
        </a>
        <CopyLink
          url={url}
          texts={{ copy: t('copy_link'), copied: t('link_copied'), failed: t('copy_failed') }}
          className={menuItem}
          statusClassName="block px-3 text-sm text-slate-600 empty:hidden"
        />
      </ClickHit>
    </ActionMenu>
  );
}
