import { PageMessages } from '@/components/layout/page-messages';
import clientNamespaces from '@/i18n/client-namespaces.json';

const clientMessages = clientNamespaces['admin/catalogue/plans/layout.tsx'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function AdminCataloguePlansLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
