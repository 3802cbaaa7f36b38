import { PageMessages } from '@/components/layout/page-messages';

const clientMessages = [
  'api',
  'billing',
  'common',
  'company_form',
  'content',
  'event_form.youtube',
  'forms',
  'home_ad',
  'register',
  'user_form',
  'validation',
];

/** The texts the client components of this page use (src/i18n/client-messages.ts). */
export default function RegisterLayout({ children }: { children: React.ReactNode }) {
  return <PageMessages namespaces={clientMessages}>{children}</PageMessages>;
}
