import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = ['home', 'list', 'widget'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function ListLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
