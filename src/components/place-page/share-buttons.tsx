import { getTranslations } from 'next-intl/server';
import { FacebookIcon, XIcon } from '@/components/detail/brand-icons';
import { ClickHit } from '@/components/stats/hit-wrappers';
import { CopyLink } from '@/components/ui/copy-link';
import { Mail } from '@/components/ui/icons';

const buttonClass =
  'flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50';

/**
 * The place page's share links, which load nothing from the networks until followed: plain URLs, no
 * scripts. Only the copy button runs in the browser. (The event page has them in a menu: EventShare.)
 * Each use counts as a share (issue 28).
 */
export async function ShareButtons({ placeId, url, name }: { placeId: number; url: string; name: string }) {
  const t = await getTranslations('place_page');
  const emailSubject = t('share_email_subject', { name });
  const u = encodeURIComponent(url);
  const mail = `mailto:?subject=${encodeURIComponent(emailSubject)}&body=${u}`;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">{t('share')}:</span>
      <ClickHit subject="place" id={placeId} measure="share">
        <a
          href={`https://www.facebook.com/sharer/sharer.php?u=${u}`}
          aria-label={`${t('share_facebook')} ${t('new_tab')}`}
          title={t('share_facebook')}
          className={buttonClass}
          {...external}
        >
          <FacebookIcon />
        </a>
        <a
          href={`https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(name)}`}
          aria-label={`${t('share_x')} ${t('new_tab')}`}
          title={t('share_x')}
          className={buttonClass}
          {...external}
        >
          <XIcon />
        </a>
        <a href={mail} aria-label={t('share_email')} title={t('share_email')} className={buttonClass}>
          <Mail aria-hidden size={18} />
        </a>
        <CopyLink
          url={url}
          texts={{ copy: t('copy_link'), copied: t('link_copied'), failed: t('copy_failed') }}
          className={buttonClass}
          statusClassName="text-sm text-slate-600"
          iconOnly
        />
      </ClickHit>
    </div>
  );
}
