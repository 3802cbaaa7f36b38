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

/** The texts the place form, new or edited, uses in the browser (src/i18n/client-messages.ts). */
export default function PlaceFormLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
