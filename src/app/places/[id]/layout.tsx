import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = ['api', 'common', 'place_page', 'reports', 'validation', 'widget'];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function PlacesLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
