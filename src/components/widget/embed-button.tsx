'use client';

import { Code } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState } from 'react';
import type { Modal } from '@/components/ui/modal-dialog';
import type { EmbedTarget, FrameTitles } from './embed-panel';

// The dialog, its snippets and its preview load on the first press: not part of the page's first
// JavaScript (the pages' budget, scripts/check-js-budget.ts).
const EmbedDialog = dynamic(() => import('./embed-dialog').then((m) => m.EmbedDialog), { ssr: false });

/** "Embed": opens a dialog with the widget's two snippets for this place or search (issue 17). */
export function EmbedButton({ target, frameTitles }: { target: EmbedTarget; frameTitles: FrameTitles }) {
  const t = useTranslations('widget');
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // One object for the dialog's lifetime: the dialog opens itself once, when it is first mounted.
  const modal: Modal = useMemo(() => ({ dialog, trigger, titleId }), [titleId]);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        onClick={() => (dialog.current ? dialog.current.showModal() : setOpened(true))}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50"
      >
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
