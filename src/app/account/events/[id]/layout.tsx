import { PageMessages } from '@/components/layout/page-messages';
import clientNamespaces from '@/i18n/client-namespaces.json';

const clientMessages = clientNamespaces['account/events/[id]/layout.tsx'];

/** The texts the client components of these pages use (src/i18n/client-messages.ts). */
export default function EventAccountLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
