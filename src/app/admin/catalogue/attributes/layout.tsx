import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = ['admin_catalogue', 'api', 'common', 'validation'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function AdminCatalogueAttributesLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
