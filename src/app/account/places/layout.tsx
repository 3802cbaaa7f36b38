import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = ['account_places', 'api', 'calendar', 'common', 'import.places_list'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function AccountPlacesLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
