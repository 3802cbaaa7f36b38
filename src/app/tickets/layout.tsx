import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = ['api', 'common', 'registration_panel'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function TicketsLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
