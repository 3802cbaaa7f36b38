import { getTranslations } from 'next-intl/server';
import { Mail } from '@/components/ui/icons';
import { FacebookIcon, XIcon } from './brand-icons';
import { CopyLinkButton } from './copy-link-button';

const buttonClass =
  'flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50';

/**
 * Share links that load nothing from the networks until followed: plain URLs, no scripts. The e-mail's
 * subject says whether a place or an event is shared. Only the copy button runs in the browser.
 */
export async function ShareButtons({
  url,
  name,
  kind,
}: {
  url: string;
  name: string;
  kind: 'place' | 'event';
}) {
  const t = await getTranslations('place_page');
  const subject = kind === 'place' ? t : await getTranslations('event_page');
  const emailSubject = subject('share_email_subject', { name });
  const u = encodeURIComponent(url);
  const mail = `mailto:?subject=${encodeURIComponent(emailSubject)}&body=${u}`;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">{t('share')}:</span>
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
      <CopyLinkButton
        url={url}
        className={buttonClass}
        texts={{ copy: t('copy_link'), copied: t('link_copied'), failed: t('copy_failed') }}
      />
    </div>
  );
}
