import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = [
  'api',
  'billing',
  'common',
  'event_page',
  'place_page',
  'registration_panel',
  'reports',
  'validation',
];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function EventLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
