import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = [
  'attributes',
  'account_places',
  'api',
  'billing',
  'common',
  'company_form',
  'content',
  'event_form.youtube',
  'forms',
  'home_ad',
  'validation',
];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function AccountCreatePlaceLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
