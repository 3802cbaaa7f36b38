'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Flag } from '@/components/ui/icons';
import { ModalDialog, ModalTrigger, useModal } from '@/components/ui/modal-dialog';
import type { ReportTarget } from '@/lib/schemas/reports';
import { buttonClass } from './report-button-class';

const ReportForm = dynamic(() => import('./report-form').then((m) => m.ReportForm), {
  ssr: false,
  // About the form's height, so the dialog does not jump when the form arrives.
  loading: () => <div aria-hidden className="h-96 animate-pulse rounded-lg bg-slate-100" />,
});

/** The signed-in visitor's report button and its dialog; the form's code loads when it first opens. */
export function ReportDialog({
  target,
  targetId,
  className,
}: {
  target: ReportTarget;
  targetId: number;
  className: string;
}) {
  const t = useTranslations('reports');
  const modal = useModal();
  // The form's code is fetched when the dialog first opens; until then the dialog stays empty.
  const [opened, setOpened] = useState(false);
  const [done, setDone] = useState(false);
  const close = () => modal.dialog.current?.close();

  if (done) {
    return (
      <span className={`${buttonClass} ${className}`} role="status">
        <Flag aria-hidden size={16} />
        {t('reported')}
      </span>
    );
  }
  return (
    <>
      <ModalTrigger modal={modal} onOpen={() => setOpened(true)} className={`${buttonClass} ${className}`}>
        <Flag aria-hidden size={16} />
        <span aria-hidden>{t('button')}</span>
        <span className="sr-only">{t(`label.${target}`)}</span>
      </ModalTrigger>
      <ModalDialog modal={modal} layout="centred" title={t('title')} closeLabel={t('close')}>
        {opened && (
          <ReportForm
            target={target}
            targetId={targetId}
            onSent={() => {
              setDone(true);
              close();
            }}
            onCancel={close}
          />
        )}
      </ModalDialog>
    </>
  );
}
