import { PageMessages } from '@/components/layout/page-messages';
import clientNamespaces from '@/i18n/client-namespaces.json';

const clientMessages = clientNamespaces['account/(place-form)/layout.tsx'];

/** The texts the place form, new or edited, uses in the browser (src/i18n/client-messages.ts). */
export default function PlaceFormLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
