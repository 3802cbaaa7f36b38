import type { ReportTarget } from '@/lib/schemas/reports';
import { getPageUser } from '@/web/page-user';
import { ReportButton } from './report-button';

/** The report button on a server-rendered page: it knows by itself whether the visitor is signed in. */
export async function PageReportButton({
  target,
  targetId,
  className,
}: {
  target: ReportTarget;
  targetId: number;
  className?: string;
}) {
  const user = await getPageUser();
  return <ReportButton target={target} targetId={targetId} signedIn={!!user} className={className} />;
}
