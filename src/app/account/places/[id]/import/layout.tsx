import { PageMessages } from '@/components/layout/page-messages';
import clientNamespaces from '@/i18n/client-namespaces.json';

const clientMessages = clientNamespaces['account/places/[id]/import/layout.tsx'];

/** The texts the import page's client component uses (src/i18n/client-messages.ts). */
export default function PlaceImportLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
