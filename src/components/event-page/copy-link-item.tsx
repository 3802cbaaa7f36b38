'use client';

import { useCopy } from '@/components/place-page/use-copy';
import { Check, Link2 } from '@/components/ui/icons';
import { menuItem } from './action-menu';

/** The share menu's "copy link" row; its confirmation is announced and stays while the menu is open. */
export function CopyLinkItem({
  url,
  texts,
}: {
  url: string;
  texts: { copy: string; copied: string; failed: string };
}) {
  const { copy, copied, failed } = useCopy();
  return (
    <>
      <button type="button" onClick={() => copy('link', url)} className={menuItem}>
        {copied ? <Check aria-hidden size={18} /> : <Link2 aria-hidden size={18} />}
        {texts.copy}
      </button>
      <span role="status" className="block px-3 text-sm text-slate-600 empty:hidden">
        {copied ? texts.copied : failed ? texts.failed : ''}
      </span>
    </>
  );
}
