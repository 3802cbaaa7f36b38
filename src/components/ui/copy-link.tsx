'use client';

import { Check, Link2 } from '@/components/ui/icons';
import { useCopy } from './use-copy';

/**
 * A "copy link" button and its announcement; the texts come translated from the server. `iconOnly` is the
 * place page's round share button, named by its hidden text; otherwise a menu row that shows it.
 */
export function CopyLink({
  url,
  texts,
  className,
  statusClassName,
  iconOnly = false,
}: {
  url: string;
  texts: { copy: string; copied: string; failed: string };
  className: string;
  statusClassName: string;
  iconOnly?: boolean;
}) {
  const { copy, copied, failed } = useCopy();
  return (
    <>
      <button
        type="button"
        onClick={() => copy('link', url)}
        title={iconOnly ? texts.copy : undefined}
        className={className}
      >
        {copied ? <Check aria-hidden size={18} /> : <Link2 aria-hidden size={18} />}
        <span className={iconOnly ? 'sr-only' : undefined}>{texts.copy}</span>
      </button>
      <span role="status" className={statusClassName}>
        {copied ? texts.copied : failed ? texts.failed : ''}
      </span>
    </>
  );
}
