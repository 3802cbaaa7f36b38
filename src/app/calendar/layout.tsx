import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = [
  'attributes',
  'account_places',
  'ads',
  'api',
  'billing',
  'calendar',
  'common',
  'company_form.youtube',
  'content',
  'event_form',
  'events',
  'forms',
  'home',
  'orders',
  'validation',
];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function CalendarLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
