import { PageMessages } from '@/components/layout/page-messages';
import clientNamespaces from '@/i18n/client-namespaces.json';

const clientMessages = clientNamespaces['event/[id]/layout.tsx'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function EventLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
