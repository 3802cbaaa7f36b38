import { PageMessages } from '@/components/layout/page-messages';
import clientNamespaces from '@/i18n/client-namespaces.json';

// `search`: the date chips of the filters are the search bar's (issue 30).
const clientMessages = clientNamespaces['list/layout.tsx'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function ListLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
