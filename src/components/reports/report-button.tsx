'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Flag } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { splitLocalePath } from '@/lib/locale-path';
import { loginPath } from '@/lib/next-path';
import type { ReportTarget } from '@/lib/schemas/reports';
import { buttonClass } from './report-button-class';

// A guest gets a sign-in link: the dialog's code loads only for a signed-in visitor.
const ReportDialog = dynamic(() => import('./report-dialog').then((m) => m.ReportDialog));

/**
 * Issue 14: "Report" next to a comment, a place, an event or a message. A signed-in person picks a
 * reason (and writes why, required for "other") in a dialog; a guest is sent to sign in and back.
 */
export function ReportButton({
  target,
  targetId,
  signedIn,
  className = '',
}: {
  target: ReportTarget;
  targetId: number;
  signedIn: boolean;
  className?: string;
}) {
  const t = useTranslations('reports');
  // The unprefixed path on both sides: the browser's has /en, the server's does not.
  const pathname = splitLocalePath(usePathname()).path;
  if (!signedIn) {
    return (
      <Link href={loginPath(pathname)} className={`${buttonClass} ${className}`} title={t('login')}>
        <Flag aria-hidden size={16} />
        <span>{t('button')}</span>
        <span className="sr-only">{`: ${t(`label.${target}`)}`}</span>
      </Link>
    );
  }
  return <ReportDialog target={target} targetId={targetId} className={className} />;
}
