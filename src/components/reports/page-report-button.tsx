import type { ReportTarget } from '@/lib/schemas/reports';
import { getPageUser } from '@/web/page-user';
import { ReportButton } from './report-button';

/** The report button on a server-rendered page: it knows by itself whether the visitor is signed in. */
export async function PageReportButton({
  target,
  targetId,
  authorId,
  className,
}: {
  target: ReportTarget;
  targetId: number;
  /** Nobody reports their own item (the API refuses it too). */
  authorId?: number;
  className?: string;
}) {
  const user = await getPageUser();
  if (user && user.id === authorId) return null;
  return <ReportButton target={target} targetId={targetId} signedIn={!!user} className={className} />;
}
