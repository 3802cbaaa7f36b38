import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = ['api', 'cart', 'common'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function CartTestLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
