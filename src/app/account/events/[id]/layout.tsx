import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = ['api', 'common', 'registrants_page', 'validation'];

/** The texts the client components of these pages use (src/i18n/client-messages.ts). */
export default function EventAccountLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
