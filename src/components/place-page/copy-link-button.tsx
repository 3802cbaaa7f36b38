'use client';

import { Check, Link2 } from '@/components/ui/icons';
import { useCopy } from './use-copy';

/** The share row's "copy link" button and its announcement; the texts come translated from the server. */
export function CopyLinkButton({
  url,
  className,
  texts,
}: {
  url: string;
  className: string;
  texts: { copy: string; copied: string; failed: string };
}) {
  const { copy, copied, failed } = useCopy();
  return (
    <>
      <button
        type="button"
        onClick={() => copy('link', url)}
        aria-label={texts.copy}
        title={texts.copy}
        className={className}
      >
        {copied ? <Check aria-hidden size={18} /> : <Link2 aria-hidden size={18} />}
      </button>
      <span role="status" className="text-sm text-slate-600">
        {copied ? texts.copied : failed ? texts.failed : ''}
      </span>
    </>
  );
}
