import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = ['import', 'api', 'common', 'validation'];

/** The texts the import page's client component uses (src/i18n/client-messages.ts). */
export default function PlaceImportLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
