'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Code } from '@/components/ui/icons';
import { dialogButtonClass, useLazyModal } from '@/components/ui/use-lazy-modal';
import type { EmbedTarget, FrameTitles } from './embed-panel';

// The dialog, its snippets and its preview load on the first press: not part of the page's first
// JavaScript (the pages' budget, scripts/check-js-budget.ts).
const EmbedDialog = dynamic(() => import('./embed-dialog').then((m) => m.EmbedDialog), { ssr: false });

/** "Embed": opens a dialog with the widget's two snippets for this place or search (issue 17). */
export function EmbedButton({ target, frameTitles }: { target: EmbedTarget; frameTitles: FrameTitles }) {
  const t = useTranslations('widget');
  const { modal, trigger, opened, open } = useLazyModal();
  return (
    <>
      <button ref={trigger} type="button" aria-haspopup="dialog" onClick={open} className={dialogButtonClass}>
        <Code aria-hidden size={18} />
        {t('button')}
      </button>
      {opened && (
        <EmbedDialog
          modal={modal}
          title={t('dialog_title')}
          closeLabel={t('close')}
          target={target}
          frameTitles={frameTitles}
        />
      )}
    </>
  );
}
